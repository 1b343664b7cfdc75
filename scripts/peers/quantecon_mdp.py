"""QuantEcon DiscreteDP on issue 13's instances, single-threaded, for the crate's benches/mdp.rs.

Builds the same instances as tests/mdp_instances/mod.rs (splitmix64 random dense MDP, seed 42,
1000 states x 5 actions; Kronecker chains of Yin et al.'s reflecting walk, remap problem with
cost 5 and a uniform restart, restricted to the imbalanced states), discount 0.95. QuantEcon
maximises rewards, so R = -cost and the values are negated back.

Prints, per instance and method, the best of `--repeat` wall-clock times (ms), and writes the
optimal policy and values of policy iteration to tests/data/reference/quantecon_<instance>.csv
(the crate's tests compare with them to 1e-9).

    python3 -m venv /tmp/qe && /tmp/qe/bin/pip install quantecon
    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 NUMBA_NUM_THREADS=1 \
        /tmp/qe/bin/python scripts/peers/quantecon_mdp.py
"""

import argparse
import os
import time

import numpy as np
import scipy.sparse as sp
import quantecon as qe
from quantecon.markov import DiscreteDP

BETA = 0.95
ETA = 5.0
SEED = 42
MASK = (1 << 64) - 1


def splitmix_uniforms(seed, n):
    """The first n outputs of splitmix64 as uniforms on [0, 1) (53 bits)."""
    gamma = np.uint64(0x9E3779B97F4A7C15)
    with np.errstate(over="ignore"):
        state = np.uint64(seed) + gamma * np.arange(1, n + 1, dtype=np.uint64)
        z = state
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) * (1.0 / (1 << 53))


def random_dense(states, actions, seed):
    u = splitmix_uniforms(seed, states * actions * (states + 1)).reshape(states, actions, states + 1)
    rows = u[:, :, :states]
    q = rows / rows.sum(axis=2, keepdims=True)
    cost = u[:, :, states]
    return cost, q


def reflecting_walk(levels):
    q = np.zeros((levels, levels))
    last = levels - 1
    for i in range(levels):
        if i == 0:
            q[0, 0] = q[0, 1] = 0.5
        elif i == last:
            q[last, last] = q[last, last - 1] = 0.5
        else:
            q[i, i] = 0.5
            q[i, i - 1] = q[i, i + 1] = 0.25
    return q


def kronecker(processes, levels):
    """Remap problem in QuantEcon's state-action-pair form (sparse Q)."""
    q = reflecting_walk(levels)
    p = sp.csr_matrix(q)
    for _ in range(processes - 1):
        p = sp.kron(p, sp.csr_matrix(q), format="csr")
    n = levels**processes
    grid = np.array(np.unravel_index(np.arange(n), (levels,) * processes)).T.astype(float)
    balanced = (grid == grid[:, :1]).all(axis=1)
    transient = np.flatnonzero(~balanced)
    m = len(transient)
    phi = np.abs(grid - grid.mean(axis=1, keepdims=True)).max(axis=1)[transient]
    cont = p[transient][:, transient]
    # QuantEcon needs stochastic rows: the mass into balanced states goes to one extra
    # absorbing, cost-free state m (the values of the other states are unchanged).
    absorb = sp.csr_matrix(np.maximum(1.0 - np.asarray(cont.sum(axis=1)), 0.0))
    cont = sp.hstack([cont, absorb]).tocsr()
    remap = sp.csr_matrix(np.hstack([np.full((m, m), 1.0 / n), np.full((m, 1), 1.0 - m / n)]))
    sink = sp.csr_matrix(([1.0], ([0], [m])), shape=(1, m + 1))
    # Pairs (s, continue), (s, remap) interleaved, then the sink.
    rows = sp.vstack([cont, remap]).tocsr()
    order = np.empty(2 * m, dtype=int)
    order[0::2] = np.arange(m)
    order[1::2] = m + np.arange(m)
    qmat = sp.vstack([rows[order], sink]).tocsr()
    s_idx = np.append(np.repeat(np.arange(m), 2), m)
    a_idx = np.append(np.tile([0, 1], m), 0)
    cost = np.empty(2 * m + 1)
    cost[0:2 * m:2] = phi
    cost[1:2 * m:2] = ETA
    cost[2 * m] = 0.0
    return cost, qmat, s_idx, a_idx, m


def best_time(f, repeat):
    best = float("inf")
    out = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - t)
    return best * 1e3, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--write", action="store_true", help="write tests/data/reference/quantecon_*.csv")
    args = ap.parse_args()
    print("threads:", {k: os.environ.get(k) for k in ["OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"]})
    print("quantecon", qe.__version__, "numpy", np.__version__)
    instances = {}
    cost, q = random_dense(1000, 5, SEED)
    instances["random_1000x5"] = lambda: DiscreteDP(-cost, q, BETA)
    for processes, levels in [(2, 6), (4, 6), (4, 8)]:
        c, qm, s_idx, a_idx, m = kronecker(processes, levels)
        name = f"kronecker_{levels**processes}"
        instances[name] = (lambda c=c, qm=qm, s_idx=s_idx, a_idx=a_idx: DiscreteDP(-c, qm, BETA, s_idx, a_idx))
    for name, make in instances.items():
        ddp = make()
        # Warm up numba.
        ddp.solve("policy_iteration")
        ddp.solve("modified_policy_iteration", epsilon=1e-10, k=5)
        ddp.solve("value_iteration", epsilon=1e-10)
        t_pi, pi = best_time(lambda: ddp.solve("policy_iteration"), args.repeat)
        print(f"{name}: policy_iteration {t_pi:.3f} ms ({pi.num_iter} iterations)")
        for k in [5, 20]:
            t, res = best_time(lambda: ddp.solve("modified_policy_iteration", epsilon=1e-10, k=k), args.repeat)
            err = np.abs(res.v - pi.v).max()
            same = bool((res.sigma == pi.sigma).all())
            print(f"{name}: modified_policy_iteration k={k} {t:.3f} ms ({res.num_iter} iterations, max |v - v_PI| {err:.1e}, same policy {same})")
        t, res = best_time(lambda: ddp.solve("value_iteration", epsilon=1e-10), max(1, args.repeat // 2))
        err = np.abs(res.v - pi.v).max()
        print(f"{name}: value_iteration {t:.3f} ms ({res.num_iter} iterations, max |v - v_PI| {err:.1e})")
        if args.write:
            path = f"tests/data/reference/quantecon_{name}.csv"
            with open(path, "w") as f:
                f.write(f"# QuantEcon {qe.__version__} DiscreteDP policy_iteration, discount {BETA}: scripts/peers/quantecon_mdp.py\n")
                f.write("state,action,value\n")
                states = len(pi.v) if name.startswith("random") else len(pi.v) - 1  # drop the sink
                for s in range(states):
                    f.write(f"{s},{int(pi.sigma[s])},{float(-pi.v[s])!r}\n")


if __name__ == "__main__":
    main()
