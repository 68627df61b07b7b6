"""The rules a process judges by: deckjudge's own formats as the rules bundle the database
names gives them (validators.formats.bundle), or as shipped with the code where it names
none, with the deployment's formats read again over them. catalog.index_holder reads them
when the bundle's stamp changes and serves them with the catalog's index.
"""

from __future__ import annotations

import dataclasses

from catalog.index import CatalogIndex
from catalog.models import RulesBundle
from validators import deployed
from validators.formats import ORDER, own_formats, pin, use
from validators.formats.bundle import BundleError, read_bundle
from validators.records import FormatSet


class BundleRules:
    """catalog.index_holder.Rules over deckjudge's formats."""

    def read(self, bundle: RulesBundle | None, index: CatalogIndex) -> object:
        """The formats of `bundle` (None: the shipped files'), checked against `index`'s
        catalog, with the deployment's own; BundleError (a ValueError) saying why not."""
        if bundle is None:
            formats = own_formats()
        else:
            try:
                files = {name: text.encode() for name, text in bundle.files.items()}
            except (AttributeError, TypeError, UnicodeEncodeError):
                raise BundleError(f"{bundle.source}: the stored bundle is not files of "
                                  "text") from None
            formats = read_bundle(files, ORDER, bundle.source, index)
        made = with_deployed(formats)
        use(made)  # what runs outside a request (the command line) judges by them too
        return made

    def pin(self, rules: object) -> None:
        pin(rules if isinstance(rules, FormatSet) else None)


def with_deployed(formats: FormatSet) -> FormatSet:
    """`formats` with the deployment's formats (FORMATS_DIR) read over them."""
    pin(formats)
    try:
        return dataclasses.replace(formats, deployed=deployed.read_configured())
    except deployed.DeploymentError as error:
        raise BundleError(f"the deployment's formats over these rules: {error}") from None
    finally:
        pin(None)
