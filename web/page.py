"""GET / and POST /: the organizer's page. POST /answer: the answer part alone, which the
page's script puts in place without a reload.

Without JavaScript the form posts to / and the whole page comes back with the answer;
with it, the script posts the same form to /answer. The form is read into the API's own
request and judged by the API's own service (api.judgements): the page arranges that
judgement (web.answer), not its JSON, and both paths render the same templates from it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Response, render_template, request

from api import body
from api.deck_requests import deck_request, team_request
from api.judgements import deck_judged, team_judged
from api.middleware import answer_bound, store
from api.middleware.deadlines import exceeded_problem
from api.middleware.problems import Problem
from catalog import lookup
from catalog.index import CatalogIndex
from decklist.languages import ENGLISH
from runtime import deadline
from validators.checks import title
from validators.engine import Verdict
from validators.formats import PLAYS, all_formats
from validators.judging import DeckJudgement, ReadDeck
from validators.targets import ALL, Notice
from web import answer as arrange
from web.form import (
    DECK,
    TEAM,
    Form,
    deck_body,
    default_formats,
    format_choices,
    formats_asked,
    read_form,
    seats,
    team_body,
    team_formats,
    with_pick,
)
from web.likely_format import likely_format
from web.security import page_headers

_FORM_TYPES = ("multipart/form-data", "application/x-www-form-urlencoded")
bp = Blueprint("page", __name__, template_folder="templates", static_folder="static",
               static_url_path="/static")


@bp.get("/")
def page() -> Response:
    """The empty form; `?format=…` ticks those formats (an address that remembers them)."""
    return _page(Form(formats=formats_asked(request.args.getlist("format"))), None, None)


@bp.post("/")
def check() -> Response:
    form, shown, problem = _checked()
    return _bounded(lambda answer, problem: _page_html(form, answer, problem), shown, problem)


@bp.post("/answer")
def answer_part() -> Response:
    form, shown, problem = _checked()
    return _bounded(lambda answer, problem: render_template(
        "answer.html", form=form, answer=answer, problem=problem, share=share_link(form)),
        shown, problem)


def _bounded(render: Callable[[arrange.Answer | None, Problem | None], str],
             shown: arrange.Answer | None, problem: Problem | None) -> Response:
    """The page's answer, held to the bound of every answer to a POST
    (api.middleware.answer_bound): one that would pass it is the page saying so instead."""
    html = render(shown, problem)
    too_large = answer_bound.past_bound(len(html.encode()))
    if too_large is not None:
        html, problem = render(None, too_large), too_large
    return _html(html, problem)


def _checked() -> tuple[Form, arrange.Answer | None, Problem | None]:
    # The form holds whole decklists: let it take as much as a JSON body may.
    request.max_form_memory_size = request.max_content_length
    form = Form()
    try:
        if request.mimetype not in _FORM_TYPES:
            raise Problem("unsupported-media-type", "The page's form is sent as "
                          f"{' or '.join(_FORM_TYPES)}, not {request.mimetype or 'no body'}.",
                          supported=list(_FORM_TYPES))
        form = read_form(request.form, request.files)
        form = with_pick(form, request.form.get("pick"))
        _read_unused(form)
        shown = judged(store.index(), form)
        if form.added:  # a format added to the one shown: from now on, those are ticked
            form = replace(form, formats=shown.shown, added=())
        return form, shown, None
    except Problem as problem:
        return form, None, problem
    except deadline.DeadlineExceeded as error:  # shown on the page as other problems are
        return form, None, exceeded_problem(error)


def _read_unused(form: Form) -> None:
    """The lists of the mode not asked for, read only to refuse what is wrong in them,
    naming their own field: the form sends nothing unchecked. The mode's own lists are read
    once, by the request the form makes (`judged`), whose problems point at their field."""
    if form.mode == TEAM:
        texts = {"deck": form.deck, "pool": form.pool}
    else:
        texts = {f"seat_{seat}_{part}": texts.get(seat, "") for seat in seats()
                 for part, texts in (("deck", form.seat_decks), ("pool", form.seat_pools))}
    for name, text in texts.items():
        if text:
            body.decklist(text, name)


def judged(index: CatalogIndex, form: Form) -> arrange.Answer:
    """The form judged as the API judges its request, arranged for the page."""
    if form.mode == TEAM:
        team_plan, team = team_judged(index, team_request(team_body(form)))
        arranger = arrange.Arranger(index, *_shown(team.decks, (
            verdict for _, verdict in team.verdict.players)))
        arranged = arranger.team(team, team_plan.target)
        return arrange.Answer(arranged.players, team_plan.notices, arranged)
    req = deck_request(deck_body(form))
    likely: list[str] = []
    choose = _chooser(index, form, req.as_of, likely) \
        if form.likely and ALL not in form.added else None
    plan, deck, across, left_out = deck_judged(index, req, choose)
    arranger = arrange.Arranger(index, *_shown([deck.deck], (
        verdict for _, verdict in deck.verdicts)))
    shown = tuple(target.format.id for target, _ in deck.verdicts)
    answer = arranger.deck(deck, "deck", "Your deck")
    return arrange.Answer(
        (answer,), plan.notices, across=arranger.across(across, shown) if across else (),
        across_left_out=across is None, not_played=_not_played(left_out),
        as_of=req.as_of.isoformat() if req.as_of else None,
        day=(req.as_of or dt.date.today()).isoformat(),
        likely=next((v.name for v in answer.verdicts if v.id in likely), None),
        shown=shown)


def _chooser(index: CatalogIndex, form: Form, as_of: dt.date | None,
             likely: list[str]) -> Callable[[DeckJudgement | None], list[str]]:
    """With no format ticked, what chooses the formats shown from the deck's standing in
    every format: the one the list most likely targets (put in `likely`), and those added
    beside it, in the service's order."""
    def choose(across: DeckJudgement | None) -> list[str]:
        lines = across.deck.lines if across is not None else ()
        likely.append(likely_format(index, across, lines, as_of))
        chosen = {*likely, *form.added}
        return [format_id for format_id in all_formats() if format_id in chosen]
    return choose


def _not_played(left_out: Iterable[Notice]) -> tuple[tuple[str, str], ...]:
    """The formats the summary leaves out on the day, by name, each with why."""
    formats = all_formats()
    return tuple((formats[notice.format].name if notice.format in formats else "", notice.detail)
                 for notice in left_out)


def _shown(decks: Sequence[ReadDeck], verdicts: Iterable[Verdict]
           ) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The small pictures of the printings the page shows, and, for a list read in another
    language, their names in it (a query each)."""
    shown = arrange.printings_shown(decks, verdicts)
    local = any(deck.language != ENGLISH for deck in decks)
    return (lookup.small_images(store.session(), shown),
            lookup.local_names(store.session(), shown) if local else {})


def share_link(form: Form) -> str:
    """A link to the page that checks the same deck again: all in the fragment, which a
    browser never sends, so no deck reaches a server's log."""
    fields: list[tuple[str, str]] = [("mode", form.mode)]
    if form.mode == DECK:
        fields += [("deck", form.deck), ("pool", form.pool), ("partner", form.partner)]
        fields += [("format", fmt) for fmt in form.formats]
        fields.append(("definition", form.definition))
    else:
        fields.append(("team_format", form.team_format))
        for seat in seats():
            fields += [(f"seat_{seat}_deck", form.seat_decks.get(seat, "")),
                       (f"seat_{seat}_pool", form.seat_pools.get(seat, ""))]
    fields += [("as_of", form.as_of), ("play", form.play), ("product", form.product)]
    if form.tournament:
        fields.append(("tournament", "on"))
    return "/#" + urlencode([(name, value) for name, value in fields if value])


def _page(form: Form, shown: arrange.Answer | None, problem: Problem | None) -> Response:
    return _html(_page_html(form, shown, problem), problem)


def _page_html(form: Form, shown: arrange.Answer | None, problem: Problem | None) -> str:
    return render_template(
        "page.html", form=form, answer=shown, problem=problem, share=share_link(form),
        formats=format_choices(), today=default_formats(), team_formats=team_formats(),
        seats=seats(), plays=PLAYS)


def _html(html: str, problem: Problem | None) -> Response:
    status = problem.kind.status if problem is not None else 200
    response = Response(html, status=status, mimetype="text/html")
    page_headers(response, _origins())
    return response


def _origins() -> list[str]:
    """Where the catalog's pictures are: the only other place the page may load from."""
    index = store.index()
    return index.caches.table(_image_origins)


def _image_origins(_index: CatalogIndex) -> list[str]:
    # Once per catalog version, not once a page, and it goes with its index
    # (speed trick "image origins once per catalog": docs/performance.md).
    return lookup.image_origins(store.session())


_LABELS = {"deck": "the decklist", "pool": "the card pool", "as_of": "the date",
           "format": "the formats", "play": "the play", "product": "the product",
           "partner": "the Partner line", "team_format": "the team format",
           "definition": "your format's definition"}


@bp.app_context_processor
def _helpers() -> dict[str, Any]:
    return {"field_of": field_of, "field_label": field_label, "words_of": title}


def field_of(problem: Problem) -> str:
    """The form field a problem is about, from the pointer into the body the form made."""
    parts = str(problem.extensions.get("pointer", "")).strip("/").split("/")
    if parts[0] == "players" and len(parts) >= 3 and parts[1].isdigit():
        seat_list = seats()
        seat = seat_list[int(parts[1])] if int(parts[1]) < len(seat_list) else seat_list[0]
        return f"seat_{seat}_{parts[2]}"
    if parts[0] == "format" and len(parts) == 1:
        return "team_format" if request.form.get("mode") == TEAM else "format"
    return parts[0] if parts[0] in _LABELS or parts[0].startswith("seat_") else ""


def field_label(name: str) -> str:
    if name.startswith("seat_"):
        _, seat, part = name.split("_", 2)
        return f"seat {seat}'s {'deck' if part == 'deck' else 'card pool'}"
    return _LABELS.get(name, name)
