"""High-precision references for the closed forms of `loadbal::dlt::unaware` (Jia, ch. 2-4).

Independent method: the phase-1 fractions of ESS and WCS(2) are the solutions of the timing
equations as the thesis writes them, Jia, eqs. (2.5)-(2.6) and (2.20)-(2.22), solved as linear
systems by LU at 50 significant digits (the crate uses the closed forms (2.9) and (2.23)); the
critical L_1 is Jia, eq. (2.30) as printed, with θ_ESS (2.27) and θ_WCS (2.29) (the crate uses
a factored form); the equivalent processor of a tree solves, star by star bottom-up, the
timing equations "every child finishes with its parent" as a linear system (the crate uses the
rate recursion of crate::dlt's star solver). cumulative_z (2.4) and effective_speed (2.3) are
the formulas themselves at 50 digits.

Inputs are adversarial but valid: inverse speeds and links over 12 decades (1e-6..1e6, and
z = 0), unit times over 6 decades, η from 1e-12 to 1 - 1e-6, loads from 1e-3 to 1e9. They are
printed with Python's shortest round-trip repr, so the tests read the very same doubles; list
cells separate values with ';' ("relay" for a node that does not compute, -1 for the root's
parent).

    python3 -m venv /tmp/refs && /tmp/refs/bin/pip install mpmath==1.3.0
    /tmp/refs/bin/python scripts/references/unaware_closed_forms.py > tests/data/reference/unaware_closed_forms.csv
"""

import random

import mpmath as mp

mp.mp.dps = 50
rng = random.Random(20261126)

COLUMNS = ["family", "case", "w", "z", "parents", "t_cp", "t_cm", "load", "eta", "l1", "rule", "quantity", "index", "value"]
ROWS = []


def cell(v):
    if isinstance(v, (list, tuple)):
        return ";".join("relay" if x is None else repr(x) for x in v) if v else "-"
    return repr(v) if isinstance(v, float) else str(v)


def row(family, case, inputs, quantity, index, value):
    c = {"w": "-", "z": "-", "parents": "-", "t_cp": "1.0", "t_cm": "1.0", "load": "1.0", "eta": "0.5", "l1": "0",
         "rule": "-"}
    for k, v in inputs.items():
        c[k] = cell(v)
    ROWS.append([family, str(case)] + [c[k] for k in COLUMNS[2:11]] + [quantity, str(index), mp.nstr(value, 25)])


def decades(lo, hi):
    return float(10.0 ** rng.uniform(lo, hi))


def speed():
    return decades(-6, 6)


def link():
    return 0.0 if rng.random() < 0.1 else decades(-6, 6)


def unit_times():
    return decades(-3, 3), decades(-3, 3)


ETAS = [1e-12, 1e-6, 0.03, 0.5, 0.999999]


def probe():
    return decades(-3, 9), rng.choice(ETAS) if rng.random() < 0.6 else float(rng.uniform(1e-3, 0.99))


M = mp.mpf


# --- ESS phase_1 (2.5)-(2.11) -----------------------------------------------------------------
def ess_case(case):
    k, wj, z1j = speed(), speed(), link()
    t_cp, t_cm = unit_times()
    load, eta = probe()
    eta_l = M(eta) * M(load)
    b = M(z1j) * M(t_cm) + M(wj) * M(t_cp)
    trigger = eta_l * b  # (2.8)
    q = trigger / (M(k) * M(t_cp))
    # L_1 so that L_1' > 0: from just above T_j^p/(K T_cp) to far above it.
    l1 = float(q * (1 + M(10) ** rng.uniform(-6, 3)))
    if not (M(l1) > q) or l1 == float("inf") or l1 == 0.0:
        return False
    # (2.5)-(2.6): alpha_1 K T_cp = alpha_j (z T_cm + w T_cp); alpha_1 + alpha_j = 1.
    a = mp.lu_solve(mp.matrix([[M(k) * M(t_cp), -b], [1, 1]]), mp.matrix([0, 1]))
    l1p = M(l1) - q  # (2.7)
    duration = a[0] * l1p * M(k) * M(t_cp)  # (2.10)
    inputs = dict(w=[k, wj], z=[z1j], t_cp=t_cp, t_cm=t_cm, load=load, eta=eta, l1=l1)
    for name, v in [("alpha_root", a[0]), ("alpha_j", a[1]), ("theta", a[0] * M(k) * M(t_cp)), ("trigger", trigger),
                    ("l1_prime", l1p), ("duration", duration)]:
        row("ess_phase1", case, inputs, name, 0, v)
    return True


# --- WCS(2) phase_1 (2.20)-(2.25) -------------------------------------------------------------
def wcs_case(case, near_tie=False):
    k, wi, wj, zi, zj = speed(), speed(), speed(), link(), link()
    t_cp, t_cm = unit_times()
    if near_tie:
        # ω_j + λ Z_j within a relative 1e-3..1e-12 of ω_i (the two triggers nearly tie).
        lam = t_cm / t_cp
        zj = float(wi * 10.0 ** rng.uniform(-9, -1)) / lam
        wj = float(M(wi) * (1 + rng.choice([-1, 1]) * M(10) ** rng.uniform(-12, -3)) - M(lam) * M(zj))
        if not wj > 0:
            return False
        # A root much slower than the responders, so that the near tie matters (K/B_E large).
        k = float(wi * 10.0 ** rng.uniform(3, 8))
    load, eta = probe()
    eta_l = M(eta) * M(load)
    Ti = eta_l * (M(zi) * M(t_cm) + M(wi) * M(t_cp))
    Tj = eta_l * ((M(zi) + M(zj)) * M(t_cm) + M(wj) * M(t_cp))
    trig = max(Ti, Tj)
    q = trig / (M(k) * M(t_cp))
    l1 = float(q * (1 + M(10) ** rng.uniform(-6, 3)))
    if not (M(l1) > q) or l1 == float("inf") or l1 == 0.0:
        return False
    K, wi_, wj_, Zi, Zj, tcp, tcm = (M(x) for x in (k, wi, wj, zi, zj, t_cp, t_cm))
    # (2.20) α1 K Tcp = (αi + αj) Zi Tcm + αi ωi Tcp; (2.21) αi ωi Tcp = αj Zj Tcm + αj ωj Tcp; (2.22).
    A = mp.matrix([[K * tcp, -(Zi * tcm + wi_ * tcp), -Zi * tcm], [0, wi_ * tcp, -(Zj * tcm + wj_ * tcp)], [1, 1, 1]])
    a = mp.lu_solve(A, mp.matrix([0, 0, 1]))
    lam = tcm / tcp
    gamma = (wj_ + lam * Zj) / wi_  # (2.24)
    duration = K * (M(l1) - q) * a[0] * tcp  # (2.25)
    inputs = dict(w=[k, wi, wj], z=[zi, zj], t_cp=t_cp, t_cm=t_cm, load=load, eta=eta, l1=l1)
    fam = "wcs2_phase1"
    for name, v in [("alpha_root", a[0]), ("alpha_i", a[1]), ("alpha_j", a[2]), ("gamma", gamma),
                    ("theta", a[0] * K * tcp), ("trigger", trig), ("duration", duration)]:
        row(fam, case, inputs, name, 0, v)
    # (2.26)-(2.30): ESS on the first responder, WCS on both.
    if Tj <= Ti:
        zE, wE, tE = Zi + Zj, wj_, Tj
    else:
        zE, wE, tE = Zi, wi_, Ti
    theta_e = K * tcp * (lam * zE + wE) / (lam * zE + wE + K)  # (2.27)
    N = lam * (1 + gamma) * Zi + gamma * wi_
    theta_w = K * tcp * N / (N + K * (gamma + 1))  # (2.29)
    tW = trig
    lc = ((theta_e * tE - theta_w * tW) / (K * tcp) + tW - tE) / (theta_e - theta_w)  # (2.30)
    # The documented bound's condition: min(K/B_E, 1/δ), B = β/T_cp, δ the triggers' relative gap.
    be = min(Ti, Tj) / (eta_l * tcp)
    delta = abs(Ti - Tj) / max(Ti, Tj)
    cond = min(K / be, 1 / delta) if delta > 0 else K / be
    inputs.pop("l1")
    row("critical_l1", case, inputs, "l1_critical", 0, lc)
    row("critical_l1", case, inputs, "condition", 0, cond)
    return True


# --- cumulative_z (2.4) and effective_speed (2.3) ---------------------------------------------
def scalar_case(case):
    t_cp, t_cm = unit_times()
    load, eta = probe()
    tc = decades(-6, 12)
    w, path_z = speed(), link()
    row("cumulative_z", case, dict(t_cp=t_cp, t_cm=t_cm, load=load, eta=eta, l1=tc), "z_cum", 0,
        M(tc) / (M(eta) * M(load) * M(t_cm)))
    row("effective_speed", case, dict(w=[w], z=[path_z], t_cp=t_cp, t_cm=t_cm), "beta", 0,
        M(w) * M(t_cp) + M(path_z) * M(t_cm))


# --- equivalent processor (3.9)-(3.12), (4.3)-(4.4) -------------------------------------------
def star(own_w, kids, t_cp, t_cm):
    """Fractions (own, child blocks...) and T/T_cp of one star by its timing equations.

    Children (z, W) are served in the given order; child j's block ends reception at
    Σ_{k<=j} α_k z_k T_cm and it computes α_j W_j T_cp more; the parent (if it computes, with a
    front end) computes α_0 w T_cp; all end at T.
    """
    m = len(kids)
    comp = own_w is not None
    nvar = m + 1 + (1 if comp else 0)  # fractions, then T
    A = mp.zeros(nvar, nvar)
    rhs = mp.zeros(nvar, 1)
    off = 1 if comp else 0
    r = 0
    if comp:
        A[r, 0] = M(own_w) * t_cp
        A[r, nvar - 1] = -1
        r += 1
    for j, (z, W) in enumerate(kids):
        for k in range(j + 1):
            A[r, off + k] += kids[k][0] * t_cm
        A[r, off + j] += W * t_cp
        A[r, nvar - 1] = -1
        r += 1
    for k in range(nvar - 1):
        A[r, k] = 1
    rhs[r] = 1
    x = mp.lu_solve(A, rhs)
    own = x[0] if comp else M(0)
    return own, [x[off + j] for j in range(m)], x[nvar - 1] / t_cp


def equivalent_case(case):
    n = rng.randint(2, 12)
    parents = [-1] + [rng.randrange(0, v) for v in range(1, n)]
    kids = [[] for _ in range(n)]
    for v in range(1, n):
        kids[parents[v]].append(v)
    z = [0.0] + [link() for _ in range(1, n)]
    w = [speed() for _ in range(n)]
    # Relays: only nodes with children; the root sometimes.
    for v in range(n):
        if kids[v] and rng.random() < 0.3:
            w[v] = None
    t_cp, t_cm = unit_times()
    tcp, tcm = M(t_cp), M(t_cm)
    lam = tcm / tcp
    for rule in ("Physical", "FirstChildLink"):
        W = [None] * n
        own = [M(0)] * n
        down = [M(0)] * n
        for v in reversed(range(n)):  # children have larger ids than parents
            ks = sorted(kids[v], key=lambda c: (z[c], c))
            if not ks:
                W[v], own[v] = M(w[v]), M(1)
                continue
            o, blocks, t = star(w[v], [(M(z[c]), W[c]) for c in ks], tcp, tcm)
            own[v] = o
            for c, b in zip(ks, blocks):
                down[c] = b
            if w[v] is None and rule == "FirstChildLink":
                c1 = ks[0]
                W[v] = blocks[0] * W[c1] + M(z[c1]) * lam
            else:
                W[v] = t
        block = [M(0)] * n
        inputs = dict(w=w, z=z, parents=parents, t_cp=t_cp, t_cm=t_cm, rule=rule)
        for v in range(n):
            block[v] = M(1) if v == 0 else block[parents[v]] * down[v]
            row("equivalent", case, inputs, "share", v, block[v] * own[v])
        row("equivalent", case, inputs, "w_eq", 0, W[0])
        # RAOLD-OS uses the Physical rule on a computing tree: T = L·W·T_cp.
        if rule == "Physical" and all(x is not None for x in w):
            load = decades(-3, 9)
            row("raold_os", case, dict(inputs, load=load), "finish_time", 0, M(load) * W[0] * tcp)


def main():
    case = 0
    while case < 60:
        if ess_case(case):
            case += 1
    case = 0
    while case < 60:
        if wcs_case(case, near_tie=case >= 45):
            case += 1
    for case in range(40):
        scalar_case(case)
    for case in range(40):
        equivalent_case(case)
    print("# High-precision references for loadbal::dlt::unaware closed forms "
          "(scripts/references/unaware_closed_forms.py).")
    print(f"# mpmath {mp.__version__}, {mp.mp.dps} significant digits; values rounded to 25 digits.")
    print("# Lists in a cell are separated by ';'; 'relay' marks a node that does not compute; parents: -1 for the root.")
    print(",".join(COLUMNS))
    for r in ROWS:
        print(",".join(r))


if __name__ == "__main__":
    main()
