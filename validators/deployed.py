"""A deployment's own formats: a directory of definitions (`FORMATS_DIR`), one a file.

Each `*.json` file is a definition in the short form (validators.definitions) that must give
its `id`, `name` and `document`, for it is listed and cited beside deckjudge's formats. The
directory is read when the app starts (api.settings): a file that cannot be read, a
definition at fault or an id taken twice stops the start, naming the file and the field.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import orjson

from validators.definitions import DefinitionError, check_base, read_definition
from validators.derived import derive
from validators.formats import builtin_formats, in_use, use
from validators.records import DeckRules

# A deployment's formats are listed and judged in every `format=all` request: a few dozen
# at most, each a small file.
MAX_FILES, MAX_FILE_BYTES = 64, 256 * 1024


class DeploymentError(RuntimeError):
    """A file of FORMATS_DIR that cannot be used; the message names it and why."""


def configure(directory: str | Path | None) -> None:
    """Read `directory`'s definitions (none: no formats of the deployment's) and list them
    with deckjudge's own from now on."""
    formats = read_directory(Path(directory)) if directory else {}
    use(dataclasses.replace(in_use(), deployed=formats))


def read_directory(directory: Path) -> dict[str, DeckRules]:
    """Every definition of the directory, made into rules; DeploymentError at the first
    that cannot be."""
    if not directory.is_dir():
        raise DeploymentError(f"FORMATS_DIR={str(directory)!r} is not a directory")
    files = sorted(directory.glob("*.json"))
    if len(files) > MAX_FILES:
        raise DeploymentError(f"FORMATS_DIR holds {len(files)} definitions; at most "
                              f"{MAX_FILES}")
    found: dict[str, DeckRules] = {}
    for path in files:
        rules = _read_file(path)
        if rules.id in found:
            raise DeploymentError(f"{path}: the id {rules.id!r} is another file's too")
        found[rules.id] = rules
    return found


def _read_file(path: Path) -> DeckRules:
    try:
        sent = path.read_bytes()
        if len(sent) > MAX_FILE_BYTES:
            raise DeploymentError(f"{path}: {len(sent):,} bytes; at most {MAX_FILE_BYTES:,}")
        definition = read_definition(orjson.loads(sent))
        for needed in ("id", "name", "document"):
            if needed not in definition.fields:
                raise DefinitionError(f"A deployment's format gives its {needed}.", (needed,))
        builtins = builtin_formats()
        base = check_base(definition, builtins)
        if definition.id in builtins:
            raise DefinitionError(f"{definition.id!r} is one of deckjudge's formats.", ("id",))
    except orjson.JSONDecodeError as error:
        raise DeploymentError(f"{path}: not JSON: {error}") from None
    except DefinitionError as error:
        raise DeploymentError(f"{path}: /{'/'.join(error.pointer)}: {error.detail}") from None
    except OSError as error:
        raise DeploymentError(f"{path}: {error.strerror}") from None
    return derive(definition, base)
