"""The engine's fast paths compiled with mypyc, when this machine can build them.

Everything else of the package is declared in ``pyproject.toml``. The modules below
are what search spends its time in (rule-based rollouts, the exact endgame, and the
legal cards both ask for at every card) and the random playouts; compiled, they run the
same code three to eight times faster. They stay plain Python in the tree: where
no C compiler is at hand, or ``DEBERTZ_PURE_PYTHON`` is set, the package installs
without them and runs the same code interpreted (``tests/ai/test_compiled.py`` checks
that both give the same results).
"""

from __future__ import annotations

import os
import sys
import tempfile

from setuptools import setup
from setuptools.extension import Extension

FAST_PATHS = [
    "engine/legal.py",
    "engine/playout.py",
    "engine/ai/bits.py",
    "engine/ai/policy.py",
    "engine/ai/rollout.py",
    "engine/ai/solver.py",
]


def can_compile_c() -> bool:
    """Whether this machine's C compiler (``CC`` or Python's own) builds a trivial file.

    Asked before mypyc: its analysis of the modules takes most of the install's time, and
    without a compiler (a slim image) all of it is thrown away."""
    from distutils.ccompiler import new_compiler  # setuptools' own copy, imported above
    from distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as workdir:
        source = os.path.join(workdir, "probe.c")
        with open(source, "w") as file:
            file.write("int main(void) { return 0; }\n")
        try:
            compiler.compile([source], output_dir=workdir)
        except Exception as error:  # its error classes moved between setuptools releases
            print(f"the engine stays pure Python: no C compiler ({error})", file=sys.stderr)
            return False
    return True


def fast_paths() -> list[Extension]:
    if os.environ.get("DEBERTZ_PURE_PYTHON") or not can_compile_c():
        return []
    try:
        from mypyc.build import mypycify

        extensions = mypycify(FAST_PATHS, opt_level="3")
    except (Exception, SystemExit) as error:
        print(f"the engine stays pure Python: mypyc failed ({error!r})", file=sys.stderr)
        return []
    for extension in extensions:
        # no C compiler (a slim image): build the package without them
        extension.optional = True
    return extensions


setup(ext_modules=fast_paths())
