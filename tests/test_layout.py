#!/usr/bin/env python3
"""The house keeps its design (docs/architecture.md): every file under host/ lives in a concept
folder, includes name host files folder-qualified from host/ ("io/scenario.h"), folders depend one
way only (the order below), and no two host modules include each other, directly or round a loop.

A module is a file's path without its extension: io/scenario.c and io/scenario.h are one module,
io/scenario. An edge goes from a module to every host header one of its files includes. The test
fails, naming the files, on:
  - a .c or .h directly in host/ (it belongs in a folder),
  - an include of a host header that is not folder-qualified, or of a header that does not exist,
  - an include against the folder order (a lower folder including a higher one),
  - a cycle of includes between modules (the modules of each cycle and one include of each edge).
Usage: test_layout.py [HOST_DIR]   (default: the host/ beside this tests/ folder)
"""
import os
import re
import sys

# Highest first: a folder may include its own headers and those of folders after it. kernels/
# (the backends and the physics) and include/hawser/ (the public API) are below every host folder.
ORDER = ["cli", "run", "io", "world", "network", "rigid", "machinery", "model", "bodies", "sea"]
RANK = {f: i for i, f in enumerate(ORDER)}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def strip_comments(text):
    # Block comments may hold "#include" in prose; a line comment can too.
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    host = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "host"))
    root = os.path.dirname(host)
    kernels = os.path.join(root, "kernels")
    public = os.path.join(root, "include")
    errors = []
    files = []
    for dirpath, _, names in os.walk(host):
        for n in sorted(names):
            if n.endswith((".c", ".h")):
                files.append(os.path.relpath(os.path.join(dirpath, n), host))
    files.sort()
    if not files:
        errors.append(f"no .c or .h files under {host}")
    edges = {}   # module -> {module: "file:line includes header"}
    for rel in files:
        folder = rel.split(os.sep)[0] if os.sep in rel else ""
        if folder not in RANK:
            errors.append(f"host/{rel}: not in a concept folder ({', '.join(ORDER)}); "
                          "see docs/architecture.md")
            continue
        mod = os.path.splitext(rel)[0]
        edges.setdefault(mod, {})
        with open(os.path.join(host, rel), encoding="utf-8") as f:
            text = strip_comments(f.read())
        for m in INCLUDE.finditer(text):
            inc = m.group(1)
            line = text.count("\n", 0, m.start()) + 1
            where = f"host/{rel}:{line}"
            if os.path.isfile(os.path.join(host, inc)):
                target = inc.split("/")[0] if "/" in inc else ""
                if target not in RANK:
                    errors.append(f'{where}: includes "{inc}", a header outside the folders')
                    continue
                if RANK[target] < RANK[folder]:
                    errors.append(f'{where}: includes "{inc}": {folder}/ may not depend on '
                                  f"{target}/ (order: {' -> '.join(ORDER)} -> kernels)")
                tmod = os.path.splitext(inc)[0]
                if tmod != mod:
                    edges[mod].setdefault(tmod, f'{where} includes "{inc}"')
            elif os.path.isfile(os.path.join(os.path.dirname(os.path.join(host, rel)), inc)):
                errors.append(f'{where}: includes "{inc}" relative to its folder; name it from '
                              f'host/ ("{folder}/{inc}")')
            elif not (os.path.isfile(os.path.join(kernels, inc))
                      or os.path.isfile(os.path.join(public, inc))):
                errors.append(f'{where}: includes "{inc}", found neither in host/, kernels/ nor '
                              "include/")
    errors += cycles(edges)
    if errors:
        print(f"test_layout: {len(errors)} problem(s) in {host}:")
        for e in errors:
            print("  " + e)
        return 1
    n_edges = sum(len(v) for v in edges.values())
    print(f"test_layout: {len(files)} files, {len(edges)} modules, {n_edges} module includes: "
          "folders in order, no cycles")
    return 0


def cycles(edges):
    """Tarjan's strongly connected components; each one of more than one module is a cycle."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        # Iterative, so that a long chain cannot reach Python's recursion limit.
        work = [(v, iter(sorted(edges.get(v, {}))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, {})))))
                    advanced = True
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    msgs = []
    for comp in out:
        inside = set(comp)
        loop = shortest_loop(edges, comp[0], inside)
        why = [edges[a][b] for a, b in zip(loop, loop[1:])]
        msgs.append("include cycle " + " -> ".join(loop) + " (" + "; ".join(why) + ")"
                    + (f", within {', '.join(comp)}" if len(comp) > len(loop) - 1 else ""))
    return msgs


def shortest_loop(edges, start, inside):
    """The shortest path start -> ... -> start inside one strongly connected component (BFS)."""
    prev, queue = {start: None}, [start]
    for v in queue:
        for w in sorted(edges.get(v, {})):
            if w not in inside:
                continue
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return [start] + path[::-1][1:] + [start] if path[-1] == start else [start, start]
            if w not in prev:
                prev[w] = v
                queue.append(w)
    return [start, start]


if __name__ == "__main__":
    sys.exit(main())
