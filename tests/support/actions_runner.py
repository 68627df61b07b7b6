"""Just enough of a GitHub Actions runner to run this project's composite action
(action.yml) on this machine, its own shell steps for real.

What it stands in for, and how:
- `actions/setup-python`: a new virtual environment whose `python` comes first on PATH
  (what the real one gives a job: a Python of its own).
- `actions/cache`: a folder of saved caches by key; restore by exact key, else by the
  newest key starting with a restore key (as the real one does), and save after the job
  unless the exact key was hit.
- The runner's files and variables: GITHUB_ENV, GITHUB_PATH, GITHUB_OUTPUT,
  GITHUB_STEP_SUMMARY (each step's, kept as its `summary`), GITHUB_ACTION_PATH,
  RUNNER_OS, RUNNER_TEMP, HOME; `run` steps go to
  `bash --noprofile --norc -eo pipefail`, as on GitHub.
- Expressions: `inputs.NAME`, `steps.ID.outputs.NAME`, quoted strings, `==`, `!=`, `&&`
  and `||`. Any other form is refused, so a change to the action that this runner does not
  understand fails its test rather than passing unrun.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import yaml

_EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
_TOKEN = re.compile(r"\s*(?:(inputs\.[\w-]+|steps\.[\w-]+\.outputs\.[\w-]+)|('[^']*')|"
                    r"(==|!=|&&|\|\|))")


class UnknownExpression(Exception):
    """An expression this runner does not evaluate."""


@dataclass
class StepResult:
    name: str
    ran: bool
    returncode: int = 0
    output: str = ""
    summary: str = ""  # what the step wrote to its job summary (Markdown)


@dataclass
class Job:
    """One job's state on the runner: a fresh machine folder (home, temp, the runner's
    files), the Python setup-python gives (kept between jobs, to install it once), the
    environment and step outputs."""

    root: Path
    python: Path
    action: Path
    workspace: Path
    inputs: dict[str, str]
    caches: Path
    env: dict[str, str] = field(default_factory=dict)
    path: list[str] = field(default_factory=list)
    outputs: dict[str, dict[str, str]] = field(default_factory=dict)
    saves: list[tuple[str, Path]] = field(default_factory=list)

    def value(self, name: str) -> str:
        parts = name.split(".")
        if parts[0] == "inputs":
            return self.inputs[parts[1]]
        return self.outputs.get(parts[1], {}).get(parts[3], "")

    def evaluate(self, expression: str) -> str | bool:
        """An `if:` condition, or the inside of ${{ }}."""
        words: list[str] = []
        position = 0
        while position < len(expression):
            match = _TOKEN.match(expression, position)
            if not match or match.end() == position:
                raise UnknownExpression(expression)
            name, quoted, operator = match.groups()
            if name:
                words.append(repr(self.value(name)))
            elif quoted is not None:
                words.append(repr(quoted[1:-1]))
            else:
                words.append({"&&": "and", "||": "or"}.get(operator, operator))
            position = match.end()
        return eval(" ".join(words), {"__builtins__": {}})  # noqa: S307 - tokens checked above

    def expand(self, text: str) -> str:
        return _EXPRESSION.sub(lambda match: str(self.evaluate(match.group(1))), text)


def run_action(job: Job) -> list[StepResult]:
    """Run action.yml's steps in order, then the cache saves of its post steps."""
    spec = yaml.safe_load((job.action / "action.yml").read_text())
    for name, given in spec["inputs"].items():
        job.inputs.setdefault(name, given.get("default", ""))
    results = []
    for step in spec["runs"]["steps"]:
        results.append(_step(job, step))
        if results[-1].returncode != 0:
            break  # a failed step ends the job, as on GitHub
    for key, folder in job.saves:
        if folder.is_dir():
            shutil.copytree(folder, job.caches / key, dirs_exist_ok=True)
    return results


def _step(job: Job, step: dict) -> StepResult:
    name = step.get("name") or step.get("uses", "run")
    if "if" in step and not job.evaluate(step["if"]):
        return StepResult(name, ran=False)
    with_ = {key: job.expand(str(value)) for key, value in step.get("with", {}).items()}
    uses = step.get("uses", "")
    if uses.startswith("actions/setup-python@"):
        return _setup_python(job, name)
    if uses.startswith("actions/cache@"):
        return _cache(job, step.get("id", ""), name, with_)
    if uses:
        raise UnknownExpression(f"no stand-in for {uses}")
    return _run(job, step, name)


def _setup_python(job: Job, name: str) -> StepResult:
    venv = job.python
    if not venv.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    job.path.insert(0, str(venv / "bin"))
    return StepResult(name, ran=True)


def _cache(job: Job, step_id: str, name: str, with_: dict[str, str]) -> StepResult:
    folder = Path(with_["path"].replace("~", str(job.root / "home"), 1))
    key = with_["key"]
    restore = [line for line in with_.get("restore-keys", "").splitlines() if line]
    saved = sorted((entry for entry in job.caches.iterdir()), key=lambda e: e.stat().st_mtime,
                   reverse=True) if job.caches.is_dir() else []
    matched = next((entry for entry in saved if entry.name == key), None) or next(
        (entry for prefix in restore for entry in saved if entry.name.startswith(prefix)),
        None)
    if matched:
        shutil.copytree(matched, folder, dirs_exist_ok=True)
    hit = matched is not None and matched.name == key
    job.outputs[step_id] = {"cache-hit": "true" if hit else "false",
                            "cache-matched-key": matched.name if matched else ""}
    if not hit:
        job.saves.append((key, folder))
    return StepResult(name, ran=True)


def _run(job: Job, step: dict, name: str) -> StepResult:
    folder = Path(tempfile.mkdtemp(prefix="step-", dir=job.root))
    files = {kind: folder / kind.lower() for kind in ("GITHUB_ENV", "GITHUB_PATH",
                                                       "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY")}
    for file in files.values():
        file.write_text("")
    home = job.root / "home"
    home.mkdir(exist_ok=True)
    env = {**os.environ, **job.env, **{key: str(value) for key, value in files.items()},
           "GITHUB_ACTIONS": "true", "GITHUB_ACTION_PATH": str(job.action),
           "GITHUB_WORKSPACE": str(job.workspace), "RUNNER_OS": "Linux",
           "RUNNER_TEMP": str(job.root / "temp"), "HOME": str(home),
           "PATH": os.pathsep.join([*job.path, os.environ["PATH"]])}
    env.pop("VIRTUAL_ENV", None)
    env.update({key: job.expand(str(value)) for key, value in step.get("env", {}).items()})
    (job.root / "temp").mkdir(exist_ok=True)
    done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                           job.expand(step["run"])], cwd=job.workspace, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=900)
    job.env.update(_pairs(files["GITHUB_ENV"]))
    job.path[:0] = [line for line in files["GITHUB_PATH"].read_text().splitlines() if line]
    if step.get("id"):
        job.outputs[step["id"]] = _pairs(files["GITHUB_OUTPUT"])
    return StepResult(name, ran=True, returncode=done.returncode, output=done.stdout,
                      summary=files["GITHUB_STEP_SUMMARY"].read_text())


def _pairs(file: Path) -> dict[str, str]:
    return dict(line.split("=", 1) for line in file.read_text().splitlines() if "=" in line)
