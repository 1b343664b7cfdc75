//! Bibliography: the papers the crate implements, and how the documentation cites them.
//!
//! Every formula in the crate names its source by the short key below and the paper's own
//! equation, table or section number: "Jia, eq. (3.11)", "Dobber, Table 5.2", "Ahn et al., §5.2".
//! Equation numbers are the paper's, so a reader can put the paper beside the code. Where a
//! paper's printed formula or number is wrong (a typo, an inconsistent table), the function's
//! documentation says so and gives the corrected form; `reproduce` shows the evidence.
//!
//! # The five papers
//!
//! | key | reference | in the crate |
//! |---|---|---|
//! | `ahn` — Ahn et al. | Tae-Hyuk Ahn, Adrian Sandu, Layne T. Watson, Clifford A. Shaffer, Yang Cao and William T. Baumann, *A Framework to Analyze the Performance of Load Balancing Schemes for Ensembles of Stochastic Simulations*, International Journal of Parallel Programming 43(4):597–630, 2015, doi:10.1007/s10766-014-0309-6. Equation and table numbers follow the technical report version, TR-12-06, Department of Computer Science, Virginia Tech, 2012. | [`crate::order_stats`], [`crate::ensemble`] |
//! | `fong` — Fong et al. | Ngo-Tai Fong, Cheng-Zhong Xu and Le Yi Wang, *Optimal Periodic Remapping of Bulk Synchronous Computations on Multiprogrammed Distributed Systems*, Proceedings of the 14th International Parallel and Distributed Processing Symposium (IPDPS 2000), Cancún, pp. 103–108, 2000, doi:10.1109/IPDPS.2000.845970. | [`crate::remap::periodic`], [`crate::order_stats`] |
//! | `dobber` — Dobber | Anton Menno Dobber, *Robust Applications in Time-Shared Distributed Systems*, PhD thesis, Vrije Universiteit Amsterdam, 2006, ISBN 90-8659036-5. | [`crate::replication`] |
//! | `yin` — Yin et al. | G. George Yin, Cheng-Zhong Xu and Le Yi Wang, *Optimal Remapping in Dynamic Bulk Synchronous Computations via a Stochastic Control Approach*, IEEE Transactions on Parallel and Distributed Systems 14(1):51–62, 2003. | [`crate::remap::markov`], [`crate::remap::mdp`] |
//! | `jia` — Jia | Jingxi Jia, *Resource Unaware Load Distribution Strategies for Processing Divisible Loads in Networked Computing Environments*, PhD thesis, Department of Electrical and Computer Engineering, National University of Singapore, 2009. | [`crate::dlt`], [`crate::dlt::unaware`], [`crate::queueing`] |
//!
//! `reproduce` (`cargo run --release --example reproduce`) prints these keys in its `source`
//! column and accepts them in `--only`.
//!
//! # Classical divisible-load theory
//!
//! Jia's thesis assumes the classical closed forms for buses, stars and trees, linear chains,
//! meshes, start-up costs, multiple installments and result collection without transcribing them.
//! The crate derives each one from the timing model stated in its documentation (every
//! participant finishes at the same time; store-and-forward links; one port unless a function
//! says otherwise), checks it against a linear program of the same model and against the event
//! engine [`crate::dlt::engine`], and cites the literature it agrees with:
//!
//! - V. Bharadwaj, D. Ghose, V. Mani and T. G. Robertazzi, *Scheduling Divisible Loads in Parallel
//!   and Distributed Systems*, IEEE Computer Society Press, 1996 (bus, star, tree and chain
//!   recursions; the notation `w`, `z`, `T_cp`, `T_cm` used throughout [`crate::dlt`]).
//! - S. Bataineh, T.-Y. Hsiung and T. G. Robertazzi, *Closed form solutions for bus and tree
//!   networks of processors load sharing a divisible job*, IEEE Transactions on Computers
//!   43(10):1184–1196, 1994 (closed forms with and without front-ends; equivalent processors).
//! - M. Drozdowski, *Selected Problems of Scheduling Tasks in Multiprocessor Computer Systems*,
//!   Poznań University of Technology Press, 1997, and J. Błażewicz, M. Drozdowski and M. Markiewicz,
//!   *Divisible task scheduling — concept and verification*, Parallel Computing 25(1):87–98, 1999
//!   (meshes, hypercubes, layered and circuit-switched scattering).
//! - B. Veeravalli, X. Li and C. C. Ko, *On the influence of start-up costs in scheduling divisible
//!   loads on bus networks*, IEEE Transactions on Parallel and Distributed Systems 11(12):1288–1305,
//!   2000 (affine costs, processor dropping).
//! - V. Bharadwaj, D. Ghose and V. Mani, *Multi-installment load distribution in tree networks with
//!   delays*, IEEE Transactions on Aerospace and Electronic Systems 31(2):555–567, 1995, and
//!   Y. Yang, K. van der Raadt and H. Casanova, *Multiround algorithms for scheduling divisible
//!   loads*, IEEE Transactions on Parallel and Distributed Systems 16(11):1092–1102, 2005
//!   (multi-installment and geometric rounds).
//! - O. Beaumont, L. Marchal and Y. Robert, *Scheduling divisible loads with return messages on
//!   heterogeneous master-worker platforms*, HiPC 2005, LNCS 3769, pp. 498–507 (LIFO and FIFO
//!   result collection).
//!
//! # Other sources
//!
//! - H. A. David and H. N. Nagaraja, *Order Statistics*, 3rd ed., Wiley, 2003 (expected extremes,
//!   the bound `σ (n − 1)/√(2n − 1)` of Hartley and David, Gumbel's `σ√(2 ln n)`).
//! - J. P. Royston, *Algorithm AS 177: Expected normal order statistics (exact and approximate)*,
//!   Applied Statistics 31(2):161–165, 1982 (normal scores).
//! - H. J. Chen and D. E. Tyler, *Accurate approximation to the extreme order statistics of
//!   Gaussian samples*, Communications in Statistics — Simulation and Computation
//!   28(1):177–188, 1999 (the approximation Ahn et al. use as eqs. (6a)/(6b)).
//! - M. L. Puterman, *Markov Decision Processes: Discrete Stochastic Dynamic Programming*, Wiley,
//!   1994 (policy iteration, modified policy iteration, value iteration with the span stopping
//!   rule, relative value iteration and the aperiodicity transform).
//! - L. Kleinrock, *Queueing Systems, Volume 1: Theory*, Wiley, 1975 (M/M/c, M/M/c/K, Erlang B
//!   and C, Pollaczek–Khinchine), and J. R. Jackson, *Jobshop-like queueing systems*, Management
//!   Science 10(1):131–142, 1963.
