//! Divisible-load theory: closed-form allocations of an arbitrarily divisible load over bus,
//! star/tree, linear chain and mesh networks (the classical results that seed 004 assumes,
//! derived in `shared/reference/dlt_classical.md`), the event engine that executes any schedule,
//! and the resource-unaware strategies of seed 004 (probing, phased distribution, spanning trees,
//! multiple sources).
