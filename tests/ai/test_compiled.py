"""The engine's fast paths compiled with mypyc (``setup.py``) and the same modules run as
plain Python give the same results, and a compiled module never hides a newer source.

The install compiles them where a C compiler is at hand; the tests of the fast paths
(recorded digests, the reference policy, the solver against plain minimax) then run on
the compiled code in this process, and once more here on the sources alone.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
FAST_PATHS = (
    "engine.legal",
    "engine.playout",
    "engine.ai.bits",
    "engine.ai.policy",
    "engine.ai.rollout",
    "engine.ai.solver",
)
CHECKS = (
    "tests/ai/test_fast_paths.py",
    "tests/ai/test_policy_reference.py",
    "tests/ai/test_solver.py",
    "tests/ai/test_strength.py",
    "tests/engine/test_playout.py",
)

# Run in a fresh interpreter: every import from the project's engine takes the .py file
# even where a compiled module lies beside it (the standard library's own extension
# modules still load), then the checks run and say which files they used.
SOURCES_ONLY = """
import importlib.machinery as machinery, os, sys
engine = os.path.join(os.getcwd(), "engine")
def sources_only(path):
    if not path.startswith(engine):
        raise ImportError(path)
    return machinery.FileFinder(path, (machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES))
sys.path_hooks.insert(0, sources_only)
sys.path_importer_cache.clear()
import pytest
code = pytest.main(["-q", "-p", "no:cacheprovider", "-o", "addopts=", *sys.argv[2:]])
import importlib
names = sys.argv[1].split(",")
print("FILES", *(importlib.import_module(name).__file__ for name in names))
sys.exit(code)
"""


def _modules() -> list[ModuleType]:
    return [importlib.import_module(name) for name in FAST_PATHS]


def _compiled(module: ModuleType) -> bool:
    return not str(module.__file__).endswith(".py")


def test_the_install_compiled_the_fast_paths_where_it_could() -> None:
    if os.environ.get("DEBERTZ_PURE_PYTHON") or not shutil.which("cc"):
        pytest.skip("installed without a compiler, or asked to stay pure Python")
    plain = [module.__name__ for module in _modules() if not _compiled(module)]
    assert not plain, f"run the install again (pip install -e .): {plain} are not compiled"


def test_no_compiled_module_is_older_than_its_source() -> None:
    for module in _modules():
        if not _compiled(module):
            continue
        built = Path(str(module.__file__))
        source = built.with_name(module.__name__.rsplit(".", 1)[1] + ".py")
        assert built.stat().st_mtime >= source.stat().st_mtime, (
            f"{built.name} was built before {source.name} last changed: the tests would run "
            "the old code; run the install again (pip install -e .)"
        )


def test_the_sources_alone_give_the_same_results() -> None:
    completed = subprocess.run(
        [sys.executable, "-c", SOURCES_ONLY, ",".join(FAST_PATHS), *CHECKS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-2000:]
    (files,) = [line.split()[1:] for line in completed.stdout.splitlines() if line[:6] == "FILES "]
    assert len(files) == len(FAST_PATHS)
    assert all(file.endswith(".py") for file in files), files
