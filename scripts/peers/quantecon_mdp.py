"""loadbal's MDP solvers against QuantEcon's DiscreteDP, timed side by side in one run.

For every instance the script times QuantEcon (numba warmed up, every method, every form of
DiscreteDP that can hold the instance, the fastest form kept per method) and then runs the
crate's timing binary (benches/mdp_peer.rs) on the same instance in the same invocation, checks
that both sides return the same policies and values, and prints a markdown table with the
environment (CPU, load average before and after, versions, date).

Instances (discount 0.95):
- Kronecker chains of Yin et al.'s reflecting walk: the remap problem (remap cost 5, uniform
  restart) on 2 x 6, 4 x 6 and 4 x 8 chain states (36, 1,296, 4,096), restricted to the
  imbalanced states, built as tests/mdp_instances/mod.rs builds them;
- seeded random dense MDPs (splitmix64, seed 42; each row S uniforms normalised, then a cost
  uniform on [0, 1) times the scale): 1,000 x 5 (the reference instance, scale 1, and scales
  10, 1e6, 1e-3) and 2,000 x 10 (scales 10, 1e6, 1e-3).
QuantEcon maximises rewards, so R = -cost and its values are negated back.

Same tolerance semantics on both sides. The crate's value and modified policy iteration stop
when the MacQueen bounds on V* are at most `tol` wide, beta/(1-beta) * span(Tv - v) <= tol (with
min(.,0), max(.,0) for substochastic rows), and return their midpoint: |v - V*| <= tol/2.
QuantEcon's modified policy iteration stops when span(Tv - v) < epsilon (1-beta)/beta and returns
the same midpoint: the same rule with epsilon = tol. QuantEcon's value iteration stops when
|Tv - v|_inf < epsilon (1-beta)/(2 beta), which gives |v - V*| < epsilon/2: the same guarantee with
epsilon = tol (its rule is the sup norm, not the span). So epsilon = tol for every method, and
tol = 1e-10 * max|cost| (a relative tolerance: 1e-10 for the unit-scale instances, 1e-4 for
costs up to 1e6, which absolute 1e-10 cannot reach in double precision). max_iter is raised
from QuantEcon's default 250 (too few for value iteration at this tolerance) to 100,000, the
crate's default. Values are checked against QuantEcon's policy iteration (exact up to LU):
|v - v_QE| <= 1e-9 * max(1, |v_QE|_inf), and the policies must be equal.

Forms of DiscreteDP tried: the product form (R: n x m, Q: n x m x n, whose Bellman operator is
one gemv over a 2-d view of Q), the state-action-pair form with a dense 2-d Q (L x n) and the
state-action-pair form with a sparse (CSR) Q (policy evaluation by scipy's spsolve). The sparse
form is not tried on the 2,000 x 10 instances: their rows are full (CSR would take 480 MB and
is slower on the 1,000 x 5 instances of the same run).

Single-threaded: OMP/OPENBLAS/MKL/NUMBA threads and RAYON_NUM_THREADS are set to 1 before numpy
is imported and passed to the crate's binary.

    python3 -m venv /work/venv-qe && /work/venv-qe/bin/pip install 'quantecon==0.11.*'
    /work/venv-qe/bin/python scripts/peers/quantecon_mdp.py            # the whole table
    /work/venv-qe/bin/python scripts/peers/quantecon_mdp.py --only kronecker_36 --repeat 3
    /work/venv-qe/bin/python scripts/peers/quantecon_mdp.py --write    # reference CSVs

`--write` writes the optimal policy and values of QuantEcon's policy iteration for the four
reference instances to tests/data/reference/quantecon_<instance>.csv (the crate's tests compare
with them to 1e-9).
"""

import os

for _var in ["OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS", "RAYON_NUM_THREADS"]:
    os.environ[_var] = "1"

import argparse  # noqa: E402
import datetime  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import numba  # noqa: E402
import numpy as np  # noqa: E402
import quantecon as qe  # noqa: E402
import scipy  # noqa: E402
import scipy.sparse as sp  # noqa: E402
from quantecon.markov import DiscreteDP  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BETA = 0.95
ETA = 5.0
SEED = 42
REL_TOL = 1e-10
MAX_ITER = 100_000
KS = [2, 5, 10, 20, 50]


def splitmix_uniforms(seed, n):
    """The first n outputs of splitmix64 as uniforms on [0, 1) (53 bits)."""
    gamma = np.uint64(0x9E3779B97F4A7C15)
    out = np.empty(n)
    chunk = 1 << 24
    with np.errstate(over="ignore"):
        for lo in range(0, n, chunk):
            hi = min(n, lo + chunk)
            z = np.uint64(seed) + gamma * np.arange(lo + 1, hi + 1, dtype=np.uint64)
            z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
            z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
            z = z ^ (z >> np.uint64(31))
            out[lo:hi] = (z >> np.uint64(11)).astype(np.float64) * (1.0 / (1 << 53))
    return out


def random_dense(states, actions, seed, scale):
    """Costs (n, m) and transitions (n, m, n) of tests/mdp_instances::random_dense_scaled."""
    u = splitmix_uniforms(seed, states * actions * (states + 1)).reshape(states, actions, states + 1)
    rows = u[:, :, :states]
    q = rows / rows.sum(axis=2, keepdims=True)
    cost = u[:, :, states] * scale
    return cost, np.ascontiguousarray(q)


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
    """Remap problem in QuantEcon's state-action-pair form (sparse Q), with a sink state m."""
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


def kronecker_forms(processes, levels):
    cost, qmat, s_idx, a_idx, m = kronecker(processes, levels)
    n = m + 1
    # Product form: the sink gets both actions (cost 0, stays).
    r = np.empty((n, 2))
    r[:m, 0], r[:m, 1] = cost[0:2 * m:2], cost[1:2 * m:2]
    r[m, :] = 0.0
    dense = qmat.toarray()
    q3 = np.empty((n, 2, n))
    q3[:m, 0, :], q3[:m, 1, :] = dense[0:2 * m:2], dense[1:2 * m:2]
    q3[m, 0, :] = q3[m, 1, :] = dense[2 * m]
    forms = {
        "product": lambda: DiscreteDP(-r, q3, BETA),
        "sa-dense": lambda: DiscreteDP(-cost, dense, BETA, s_idx, a_idx),
        "sa-sparse": lambda: DiscreteDP(-cost, qmat, BETA, s_idx, a_idx),
    }
    return forms, m, float(np.abs(cost).max())


def random_forms(states, actions, scale, sparse):
    cost, q = random_dense(states, actions, SEED, scale)
    n, m = cost.shape
    s_idx = np.repeat(np.arange(n), m)
    a_idx = np.tile(np.arange(m), n)
    flat_q = q.reshape(n * m, n)  # a view
    flat_c = cost.reshape(n * m)
    forms = {
        "product": lambda: DiscreteDP(-cost, q, BETA),
        "sa-dense": lambda: DiscreteDP(-flat_c, flat_q, BETA, s_idx, a_idx),
    }
    if sparse:
        forms["sa-sparse"] = lambda: DiscreteDP(-flat_c, sp.csr_matrix(flat_q), BETA, s_idx, a_idx)
    return forms, states, float(np.abs(cost).max())


def best_time(f, repeat, budget):
    """Best wall-clock time (ms) of up to `repeat` runs after one untimed warm-up run; stops
    repeating once `budget` seconds are spent."""
    out = f()
    best, spent, runs = float("inf"), 0.0, 0
    while runs < max(1, repeat) and (runs == 0 or spent < budget):
        t = time.perf_counter()
        out = f()
        dt = time.perf_counter() - t
        best, spent, runs = min(best, dt), spent + dt, runs + 1
    return best * 1e3, runs, out


def quantecon_side(forms, tol, repeat, budget, log):
    """Times every method in every form; returns {method: (ms, form, iterations)} and the
    reference solution (policy iteration)."""
    results = {}
    reference = None
    for form, make in forms.items():
        ddp = make()
        ddp.max_iter = MAX_ITER
        methods = {"PI": lambda: ddp.solve("policy_iteration", max_iter=MAX_ITER),
                   "VI": lambda: ddp.solve("value_iteration", epsilon=tol, max_iter=MAX_ITER)}
        for k in KS:
            methods[f"MPI k={k}"] = (lambda k=k: ddp.solve("modified_policy_iteration", epsilon=tol, max_iter=MAX_ITER, k=k))
        for name, f in methods.items():
            ms, runs, res = best_time(f, repeat, budget)  # the untimed first run warms numba up
            log(f"    QuantEcon {form:9s} {name:9s} {ms:12.3f} ms ({runs} runs, {res.num_iter} iterations)")
            results.setdefault(name, []).append((ms, form, int(res.num_iter), -np.asarray(res.v), np.asarray(res.sigma)))
            if name == "PI" and reference is None:
                reference = (-np.asarray(res.v), np.asarray(res.sigma))
        del ddp
    return results, reference


def cargo_binary(log):
    cmd = ["cargo", "bench", "--bench", "mdp_peer", "--no-run", "--message-format=json"]
    log("building: " + " ".join(cmd))
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    exe = None
    for line in out.splitlines():
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        if msg.get("reason") == "compiler-artifact" and msg.get("target", {}).get("name") == "mdp_peer" and msg.get("executable"):
            exe = msg["executable"]
    if exe is None:
        sys.exit("quantecon_mdp.py: cargo did not report the mdp_peer executable")
    return exe


def crate_side(exe, spec, tol, repeat, budget, states):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "values.csv")
        cmd = [exe, *spec, "--tol", repr(tol), "--repeat", str(repeat), "--budget", str(budget),
               "--sweeps", ",".join(map(str, KS)), "--out", path]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        summary = json.loads(out)
        values, policies = {}, {}
        with open(path) as f:
            next(f)
            for line in f:
                method, s, a, v = line.rstrip("\n").rsplit(",", 3)
                values.setdefault(method, np.empty(states))[int(s)] = float(v)
                policies.setdefault(method, np.empty(states, dtype=int))[int(s)] = int(a)
    return summary, values, policies


def environment():
    cpu = platform.processor()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    try:
        blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
        blas = f"{blas.get('name')} {blas.get('version')}"
    except Exception:  # noqa: BLE001 - any numpy without the dict mode
        blas = "unknown"
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": f"{cpu}, {os.cpu_count()} cores",
        "python": platform.python_version(),
        "quantecon": qe.__version__,
        "numpy": f"{np.__version__} ({blas})",
        "scipy": scipy.__version__,
        "numba": numba.__version__,
        "rustc": rustc,
        "loadbal": commit + (" (modified)" if dirty else ""),
        "threads": "OMP/OPENBLAS/MKL/NUMBA_NUM_THREADS=1, RAYON_NUM_THREADS=1",
    }


def fmt_ms(ms):
    if ms >= 100:
        return f"{ms:,.0f} ms"
    if ms >= 1:
        return f"{ms:.2f} ms"
    return f"{ms:.3f} ms"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="timed runs per method and form (best kept)")
    ap.add_argument("--budget", type=float, default=10.0, help="seconds after which a method stops repeating")
    ap.add_argument("--only", default=None, help="comma-separated instance names")
    ap.add_argument("--write", action="store_true", help="write tests/data/reference/quantecon_*.csv and exit")
    ap.add_argument("--markdown", default=None, help="also write the report to this file")
    args = ap.parse_args()
    log = lambda s: print(s, file=sys.stderr, flush=True)  # noqa: E731

    instances = [
        ("kronecker_36", ("kronecker", 2, 6)),
        ("kronecker_1296", ("kronecker", 4, 6)),
        ("kronecker_4096", ("kronecker", 4, 8)),
        ("random_1000x5", ("random", 1000, 5, 1.0)),
        ("random_1000x5_c10", ("random", 1000, 5, 10.0)),
        ("random_1000x5_c1e6", ("random", 1000, 5, 1e6)),
        ("random_1000x5_c1e-3", ("random", 1000, 5, 1e-3)),
        ("random_2000x10_c10", ("random", 2000, 10, 10.0)),
        ("random_2000x10_c1e6", ("random", 2000, 10, 1e6)),
        ("random_2000x10_c1e-3", ("random", 2000, 10, 1e-3)),
    ]
    if args.only:
        keep = set(args.only.split(","))
        instances = [i for i in instances if i[0] in keep]

    if args.write:
        for name, spec in instances:
            if name not in ["kronecker_36", "kronecker_1296", "kronecker_4096", "random_1000x5"]:
                continue
            forms, states, _ = kronecker_forms(*spec[1:]) if spec[0] == "kronecker" else random_forms(*spec[1:], sparse=False)
            res = next(iter(forms.values()))().solve("policy_iteration", max_iter=MAX_ITER)
            path = os.path.join(ROOT, f"tests/data/reference/quantecon_{name}.csv")
            with open(path, "w") as f:
                f.write(f"# QuantEcon {qe.__version__} DiscreteDP policy_iteration, discount {BETA}: scripts/peers/quantecon_mdp.py\n")
                f.write("state,action,value\n")
                for s in range(states):
                    f.write(f"{s},{int(res.sigma[s])},{float(-res.v[s])!r}\n")
            log(f"wrote {path}")
        return

    env = environment()
    exe = cargo_binary(log)
    load_before = os.getloadavg()
    rows, details = [], []
    for name, spec in instances:
        log(f"{name}:")
        if spec[0] == "kronecker":
            forms, states, cmax = kronecker_forms(*spec[1:])
            cli = ["kronecker", "--processes", str(spec[1]), "--levels", str(spec[2])]
        else:
            forms, states, cmax = random_forms(*spec[1:], sparse=spec[1] * spec[2] <= 5000)
            cli = ["random", "--states", str(spec[1]), "--actions", str(spec[2]), "--seed", str(SEED), "--scale", repr(spec[3])]
        tol = REL_TOL * max(cmax, np.finfo(float).tiny)
        qe_results, (v_ref, sigma_ref) = quantecon_side(forms, tol, args.repeat, args.budget, log)
        del forms
        v_ref, sigma_ref = v_ref[:states], sigma_ref[:states]
        bound = 1e-9 * max(1.0, float(np.abs(v_ref).max()))
        summary, values, policies = crate_side(exe, cli, tol, args.repeat, args.budget, states)
        for m in summary["methods"]:
            log(f"    loadbal   {summary['storage']:9s} {m['method']:9s} {m['ms']:12.3f} ms ({m['runs']} runs, {m['iterations']} iterations)")

        def check(v, sigma, who):
            err = float(np.abs(v[:states] - v_ref).max())
            same = bool((sigma[:states] == sigma_ref).all())
            if err > bound or not same:
                log(f"    MISMATCH {who}: max |v - v_QE| = {err:.2e} (bound {bound:.1e}), same policy {same}")
            return err, same

        qe_best = {}
        for method, runs in qe_results.items():
            ms, form, iters, v, sigma = min(runs, key=lambda r: r[0])
            err, same = check(v, sigma, f"QuantEcon {method}")
            qe_best[method] = (ms, form, iters, err, same)
        crate = {}
        for m in summary["methods"]:
            err, same = check(values[m["method"]], policies[m["method"]], f"loadbal {m['method']}")
            crate[m["method"]] = (m["ms"], m["iterations"], err, same)
        c_name, (c_ms, _, c_err, c_same) = min(crate.items(), key=lambda kv: kv[1][0])
        q_name, (q_ms, q_form, _, q_err, q_same) = min(qe_best.items(), key=lambda kv: kv[1][0])
        ok = c_same and q_same and c_err <= bound and q_err <= bound
        rows.append((name, states, summary["storage"], c_name, c_ms, q_name, q_form, q_ms, q_ms / c_ms, max(c_err, q_err), ok))
        details.append((name, crate, qe_best, tol))
    load_after = os.getloadavg()

    lines = []
    lines.append(f"Run {env['date']} on {env['cpu']}; load average {load_before[0]:.2f} / {load_before[1]:.2f} / "
                 f"{load_before[2]:.2f} before, {load_after[0]:.2f} / {load_after[1]:.2f} / {load_after[2]:.2f} after.")
    lines.append(f"QuantEcon {env['quantecon']}, numpy {env['numpy']}, scipy {env['scipy']}, numba {env['numba']}, "
                 f"Python {env['python']}; {env['rustc']}, loadbal {env['loadbal']}; {env['threads']}.")
    lines.append("")
    lines.append("| instance | loadbal best | QuantEcon best | ratio | max value difference | same policies |")
    lines.append("|---|---|---|---|---|---|")
    for name, states, storage, c_name, c_ms, q_name, q_form, q_ms, ratio, err, ok in rows:
        lines.append(f"| {name} ({states:,} states, {storage.lower()}) | {c_name} {fmt_ms(c_ms)} | {q_name} {fmt_ms(q_ms)} ({q_form}) "
                     f"| {ratio:.1f}× | {err:.1e} | {'yes' if ok else 'NO'} |")
    lines.append("")
    lines.append(
        "Every method (best of the runs; loadbal's `VI` is Gauss–Seidel value iteration, its default, `VI Jacobi` the Jacobi form, `solve` the crate's automatic choice; QuantEcon in its fastest form, named in brackets; tol = 1e-10 · max|c|):"
    )
    lines.append("")
    lines.append("| instance | side | " + " | ".join(["PI", "VI", *[f"MPI k={k}" for k in KS], "VI Jacobi", "solve"]) + " |")
    lines.append("|---|---|" + "---|" * (len(KS) + 4))
    for name, crate, qe_best, tol in details:
        cells = [fmt_ms(crate[m][0]) if m in crate else "" for m in ["PI", "VI", *[f"MPI k={k}" for k in KS], "VI Jacobi", "solve"]]
        lines.append(f"| {name} | loadbal | " + " | ".join(cells) + " |")
        cells = [f"{fmt_ms(qe_best[m][0])} ({qe_best[m][1]})" if m in qe_best else "–" for m in ["PI", "VI", *[f"MPI k={k}" for k in KS], "VI Jacobi", "solve"]]
        lines.append(f"| {name} | QuantEcon | " + " | ".join(cells) + " |")
    report = "\n".join(lines)
    print(report)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(report + "\n")
    if not all(r[-1] for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
