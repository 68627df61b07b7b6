"""GET /v1/changes and /v1/changes.atom: every dated change to the formats, oldest first
(validators.changes), as JSON pages and as an Atom feed (RFC 4287) a feed reader follows."""

from __future__ import annotations

import datetime as dt
from typing import Any
from xml.etree import ElementTree as ET

from flask import Blueprint, Response, request, url_for
from marshmallow import fields, validate

from api.middleware import store
from api.middleware.http_cache import catalog_resource
from api.schema import QUERY, load_query, target_problem
from api.views import catalog_ref
from api.views.change_views import change_view
from catalog import lookup
from catalog.index import CatalogIndex
from runtime.strict_fields import Strict
from validators.changes import Change, imported, with_catalog
from validators.formats import all_formats
from validators.targets import unknown_format

bp = Blueprint("changes", __name__, url_prefix="/v1")

ATOM = "http://www.w3.org/2005/Atom"
# An empty feed's `updated`, which RFC 4287 requires: the day of the game's first set, as
# nothing it could list changed before.
_FIRST_DAY = dt.date(1999, 1, 9)


class ChangesQuery(Strict):
    """GET /v1/changes and /v1/changes.atom arguments."""

    since = fields.Date(load_default=None)
    until = fields.Date(load_default=None)
    format = fields.String(load_default=None)  # a format's id: an unknown one is a 404
    page = fields.Integer(load_default=1, validate=validate.Range(1, 100_000))
    per_page = fields.Integer(load_default=100, validate=validate.Range(1, 500))


CHANGES_QUERY = ChangesQuery()


def _chosen(args: dict[str, Any], index: CatalogIndex) -> list[Change]:
    """The changes the query asks for, oldest first: the formats' and the catalog imports'
    that added sets (which concern every format)."""
    since, until, fmt = args["since"], args["until"], args["format"]
    if fmt is not None and fmt not in all_formats():
        # As every format id the contract takes (FormatId): a 404 unknown-format.
        raise target_problem(unknown_format(fmt, list(all_formats())), QUERY)
    imports = [imported(row.imported_at.date(), row.version, tuple(row.sets))
               for row in lookup.imports_that_added_sets(store.session())]
    every = index.caches.table(with_catalog)
    if imports:
        every = tuple(sorted((*every, *imports), key=lambda change: change.order))
    return [change for change in every
            if (since is None or change.effective >= since)
            and (until is None or change.effective <= until)
            and (fmt is None or change.format in (fmt, None))]


@bp.get("/changes")
@catalog_resource
def list_changes() -> dict[str, Any]:
    args = load_query(CHANGES_QUERY)
    page, per_page = args["page"], args["per_page"]
    index = store.index()
    chosen = _chosen(args, index)
    start = (page - 1) * per_page
    body: dict[str, Any] = {
        "items": [change_view(change, index) for change in chosen[start:start + per_page]],
        "page": page, "per_page": per_page, "total": len(chosen),
        "catalog": catalog_ref(index.version)}
    if page * per_page < len(chosen):
        body["next"] = url_for("changes.list_changes",
                               **{**request.args.to_dict(), "page": page + 1})
    return body


@bp.get("/changes.atom")
@catalog_resource
def atom_feed() -> Response:
    args = load_query(CHANGES_QUERY)
    index = store.index()
    chosen = _chosen(args, index)
    feed = ET.Element("feed", xmlns=ATOM)
    _text(feed, "id", request.base_url)
    _text(feed, "title", "deckjudge: changes to the formats")
    _text(feed, "subtitle", "Every dated ban, unban, rotation, season, legal day and rule "
                            "change deckjudge judges by.")
    _text(feed, "updated", _moment(max((c.effective for c in chosen), default=_FIRST_DAY)))
    author = ET.SubElement(feed, "author")
    _text(author, "name", "deckjudge")
    ET.SubElement(feed, "link", rel="self", href=request.url, type="application/atom+xml")
    ET.SubElement(feed, "link", rel="alternate", type="application/json",
                  href=url_for("changes.list_changes", _external=True, **request.args))
    for change in reversed(chosen):  # a feed's newest entry first
        feed.append(_entry(change_view(change, index)))
    xml = ET.tostring(feed, encoding="unicode", xml_declaration=True)
    return Response(xml, mimetype="application/atom+xml")


def _entry(view: dict[str, Any]) -> ET.Element:
    entry = ET.Element("entry")
    _text(entry, "id", f"urn:uuid:{view['id']}")
    _text(entry, "title", view["title"])
    _text(entry, "updated", _moment(dt.date.fromisoformat(view["effective"])))
    announced = view["announced"]
    if announced and len(announced) == 10:
        _text(entry, "published", _moment(dt.date.fromisoformat(announced)))
    ET.SubElement(entry, "category", term=view["kind"])
    if view["format"] is not None:
        ET.SubElement(entry, "category", term=view["format"])
    source = view["source"]
    if source is not None:
        ET.SubElement(entry, "link", rel="alternate", href=source["url"], title=source["title"])
    said = f" Announced in {source['title']} ({source['date']})." if source else ""
    _text(entry, "summary", f"In effect from {view['effective']}.{said}")
    _text(entry, "content", f"{view['title']} In effect from {view['effective']}.{said}")
    return entry


def _text(parent: ET.Element, tag: str, text: str) -> None:
    ET.SubElement(parent, tag).text = text


def _moment(day: dt.date) -> str:
    return f"{day.isoformat()}T00:00:00Z"
