"""The Dockerfile's own steps, replayed without Docker: its COPY lines build a context,
its `pip install` installs that into a fresh venv (the sources alone, no editable tree),
and its CMD starts the bot from another directory against the fake Bot API; the
HEALTHCHECK then passes and SIGTERM stops it with exit code 0.

The fresh venv sees the already installed distributions of the context's own runtime
dependencies (and nothing else of this venv), so pip builds and installs the package from
the context but finds its dependencies satisfied: unpacking and compiling numpy,
matplotlib and the rest again proved nothing about the Dockerfile and cost most of a
minute and a half."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from bot.render.messages import help_text
from tests.fakeapi import FakeTelegram
from tests.ops.conftest import Spawn
from tests.ops.dockerfile import Instruction, env_pairs, exec_form, parse
from tests.ops.process import STOP_DEADLINE, free_port, get_json, polling, sends

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
# Building the package and resolving its dependencies (satisfied, see above).
INSTALL_DEADLINE = 240


def instructions(name: str) -> list[Instruction]:
    return [i for i in parse(DOCKERFILE) if i.name == name]


def test_the_image_is_slim_python_run_by_a_user_with_a_healthcheck() -> None:
    assert instructions("FROM")[0].args == "python:3.11-slim"
    users = instructions("USER")
    assert users
    assert users[-1].args not in ("root", "0")
    assert exec_form(instructions("CMD")[-1].args) == ["python", "-m", "bot"]
    healthcheck = instructions("HEALTHCHECK")[-1].args
    assert "CMD " in healthcheck
    assert exec_form(healthcheck.split("CMD ", 1)[1]) == ["python", "-m", "bot.ops.probe"]


def build_context(workdir: Path) -> Path:
    """The files the COPY lines put into the image's source directory."""
    context = workdir / "src"
    context.mkdir()
    for copy in instructions("COPY"):
        *sources, target = copy.args.split()
        assert not any(s.startswith("--") for s in sources), copy
        for source in sources:
            origin = ROOT / source
            destination = context / target
            if origin.is_dir():
                shutil.copytree(
                    origin,
                    destination,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so"),
                )
            else:
                destination.mkdir(parents=True, exist_ok=True)
                shutil.copy2(origin, destination / origin.name)
    return context


def runtime_distributions(pyproject: Path) -> list[metadata.Distribution]:
    """The installed distributions that the dependencies of ``pyproject`` need, with their
    extras and markers followed; one not installed here is left out (pip installs it)."""
    wanted = [
        Requirement(d) for d in tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    ]
    found: dict[str, tuple[metadata.Distribution, set[str]]] = {}
    while wanted:
        requirement = wanted.pop()
        try:
            dist = metadata.distribution(requirement.name)
        except metadata.PackageNotFoundError:
            continue
        name = canonicalize_name(dist.metadata["Name"])
        extras = set(requirement.extras)
        if name in found:
            if extras <= found[name][1]:
                continue
            extras |= found[name][1]
        found[name] = (dist, extras)
        for line in dist.requires or []:
            needed = Requirement(line)
            marker = needed.marker
            if marker is None or any(marker.evaluate({"extra": e}) for e in extras or {""}):
                wanted.append(needed)
    return [dist for dist, _ in found.values()]


def link_distributions(dists: list[metadata.Distribution], target: Path) -> None:
    """Symlinks in ``target`` to exactly the files of ``dists`` (a top-level directory
    whole unless a distribution left out has files in it too, as in a shared __pycache__)."""
    chosen = {canonicalize_name(d.metadata["Name"]) for d in dists}
    shared = {
        file.parts[0]
        for d in metadata.distributions()
        if canonicalize_name(d.metadata["Name"]) not in chosen
        for file in d.files or []
    }
    target.mkdir()
    for dist in dists:
        for file in dist.files or []:
            if file.parts[0] == "..":
                continue  # scripts in bin/: the bot runs as python -m
            name = Path(file) if file.parts[0] in shared else Path(file.parts[0])
            link, origin = target / name, Path(str(dist.locate_file(name)))
            if link.is_symlink() or not origin.exists():
                continue
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(origin)


def install(context: Path, venv: Path) -> None:
    # Without ensurepip, which unpacks and compiles the same pip as this venv's (seconds of
    # CPU): this one is linked with the dependencies, and bin/pip is pip's own launcher.
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120
    )
    site = venv / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "site-packages"
    assert site.is_dir(), site
    dependencies = venv.parent / "dependencies"
    needed = runtime_distributions(context / "pyproject.toml")
    link_distributions([*needed, metadata.distribution("pip")], dependencies)
    (site / "dependencies.pth").write_text(f"{dependencies}\n")
    launcher = venv / "bin" / "pip"
    launcher.write_text(
        f"#!{venv / 'bin' / 'python'}\n"
        "import sys\nfrom pip._internal.cli.main import main\nsys.exit(main())\n"
    )
    launcher.chmod(0o755)
    installs = [run.args for run in instructions("RUN") if "pip install" in run.args]
    assert installs == ["pip install ."]
    # pip's own settings of this machine (index, cache) stay; the project's venv does not.
    # The slim image has no C compiler: setup.py must fall back to the plain Python.
    env = {k: v for k, v in os.environ.items() if k.startswith("PIP_") or k == "HOME"}
    env["CC"] = "false"
    env["PATH"] = f"{venv / 'bin'}:{os.environ.get('PATH', '/usr/bin:/bin')}"
    for command in installs:
        subprocess.run(
            ["bash", "-c", command],
            cwd=context,
            env=env,
            check=True,
            timeout=INSTALL_DEADLINE,
            capture_output=True,
        )
    compiled = [path.name for path in site.rglob("*.so")]
    assert not compiled, f"built without a compiler, yet compiled: {compiled}"


async def test_install_and_start_steps_in_a_fresh_venv(
    fake: FakeTelegram, spawn: Spawn, tmp_path: Path
) -> None:
    context = build_context(tmp_path)
    venv = tmp_path / "venv"
    await asyncio.to_thread(install, context, venv)

    data = tmp_path / "data"  # the image's WORKDIR at run time: no sources there
    data.mkdir()
    env = {}
    for entry in instructions("ENV"):
        env.update(env_pairs(entry.args))
    port = free_port()
    env.update(
        {
            "PATH": f"{venv / 'bin'}:/usr/bin:/bin",
            "HOME": str(data),
            "BOT_TOKEN": fake.token,
            "TELEGRAM_API_BASE": fake.base_url,
            "DATABASE_URL": f"sqlite+aiosqlite:///{data / 'debertz.sqlite3'}",
            "HEALTH_HOST": "127.0.0.1",
            "HEALTH_PORT": str(port),
        }
    )
    command = exec_form(instructions("CMD")[-1].args)
    bot = await spawn(env, command, cwd=data)
    await polling(fake, bot)

    # The installed package has its locales and migrations.
    carol = fake.add_user("Carol")
    lounge = fake.add_group("Lounge", members=[carol])
    carol.send(lounge, "/help")
    await fake.wait_for(lambda: sends(fake, lounge, help_text("ru"), ok=True), 10)
    assert await get_json(f"http://127.0.0.1:{port}/healthz") == (200, {"ok": True, "db": True})
    healthcheck = instructions("HEALTHCHECK")[-1].args.split("CMD ", 1)[1]
    probe = await spawn(env, exec_form(healthcheck), cwd=data)
    assert await probe.wait(30) == 0

    bot.send(signal.SIGTERM)
    assert await bot.wait(STOP_DEADLINE) == 0
    assert "Traceback" not in bot.stderr()
    # What ran was the installed copy, not this working tree.
    where = await asyncio.create_subprocess_exec(
        str(venv / "bin" / "python"),
        "-c",
        "import bot; print(bot.__file__)",
        cwd=data,
        env=env,
        stdout=asyncio.subprocess.PIPE,
    )
    printed, _ = await where.communicate()
    assert printed.decode().startswith(str(venv / "lib")), printed
