"""The museum's side panel as HTML: the round, the card, the thieves' accounts, the deck.

HTML rather than SVG text so the page can reflow it: beside the museum on a wide screen; on a
phone the round, the card and the robbing buttons above the museum and the rest below it, at
readable sizes everywhere. The web layer places it after the board SVG (see
`ludoteca.web.table.render.board_html`). The robbing decision is offered here as two buttons
carrying the click tokens `rob` and `pass`. CSS is scoped under `museum-panel`.
"""

from __future__ import annotations

from html import escape

from ludoteca.games.museum.board import CardKind
from ludoteca.games.museum.describe import card_words, colour_name, place_words
from ludoteca.games.museum.game import DRAW, MOVE, ROB, START, MuseumState
from ludoteca.games.museum.pieces import seat_shape
from ludoteca.games.museum.text import HEX
from ludoteca.i18n import _, format_list, format_money, ngettext

STYLE = """
.board:has(>.museum-panel){display:grid;grid-template-columns:auto minmax(0,1fr);
grid-template-rows:auto 1fr;gap:.8rem 1rem;align-items:start;justify-items:stretch}
.board:has(>.museum-panel)>svg.museum-board{grid-row:1/span 2;width:auto;max-width:100%;
height:calc(100vh - 110px);min-height:520px;max-height:none;justify-self:end}
@media (max-width:760px){.board:has(>.museum-panel){grid-template-columns:minmax(0,1fr)}
.board:has(>.museum-panel)>svg.museum-board{grid-row:auto;width:100%;height:auto;min-height:0;
max-height:calc(100svh - 13rem)}
.board>.museum-now{order:-1}.board>.museum-more{order:1}}
.museum-panel{font-size:15px;line-height:1.4;min-width:0;display:grid;gap:.8rem}
.museum-panel h2,.museum-panel h3{margin:0;font-size:15px}
.museum-panel .headline{font-size:17px;font-weight:700;margin:0;overflow-wrap:anywhere}
.museum-panel .now{display:flex;gap:.8rem;align-items:center}
.museum-panel .now .mcard{flex:none;width:64px;height:80px;font-size:28px}
.museum-panel .now p{margin:0}
.museum-panel .caught{color:#9b0016;font-weight:700;margin:0}
.museum-panel .rob{display:flex;flex-wrap:wrap;gap:.6rem}
.museum-panel .rob button{min-height:44px;padding:.4rem 1rem;font-size:15px;font-weight:700;
border-radius:10px;border:2px solid #c79100;background:#fff7c2;color:#2f2a24;cursor:pointer}
.museum-panel .rob button:hover,.museum-panel .rob button:focus{background:#ffd84a}
.museum-panel ul{list-style:none;margin:0;padding:0}
.museum-panel .thieves{display:grid;gap:.45rem}
.museum-panel .thieves li{display:grid;grid-template-columns:26px minmax(0,1fr) auto;
gap:.1rem .5rem;align-items:start;padding:.35rem .5rem;border-radius:8px;background:#f6f1e4}
.museum-panel .thieves li.acting{outline:2px solid #2f2a24}
.museum-panel .thieves svg{width:24px;height:24px}
.museum-panel .thieves .who{font-weight:700}
.museum-panel .thieves .money{font-weight:700;white-space:nowrap}
.museum-panel .thieves .detail{grid-column:2/4;font-size:14px}
.museum-panel .risk{color:#9b0016;border-bottom:2px dashed #9b0016}
.museum-panel .deck{display:grid;grid-template-columns:repeat(auto-fill,minmax(40px,1fr));
gap:5px}
.museum-panel .mcard{display:flex;flex-direction:column;align-items:center;justify-content:center;
min-height:46px;border:1.5px solid #6b5a2e;border-radius:6px;background:#fffdf5;
font-size:16px;font-weight:700;color:#2f2a24}
.museum-panel .mcard .steps{font-size:12px;letter-spacing:1px;line-height:1;font-weight:400}
.museum-panel .mcard.lift{background:#ecebf7;border-color:#6a6a9a}
.museum-panel .mcard svg{width:18px;height:18px}
.museum-panel .deck .turned{border-style:dashed;border-color:#b5ab95;background:transparent;
color:#6b655c;font-weight:400}
.museum-panel .deck .turned svg{opacity:.5}
.museum-panel .deck .current{outline:3px solid #2f2a24;border-style:solid;border-color:#6b5a2e;
background:#fffdf5;color:#2f2a24;font-weight:700}
.museum-panel .deck .current svg{opacity:1}
.museum-panel .deck .current.lift{background:#ecebf7;border-color:#6a6a9a}
.museum-panel .legend{font-size:13px;color:#555;margin:0}
@media (max-width:760px){.museum-panel{gap:.5rem}
.museum-panel .now .mcard{width:48px;height:60px;font-size:22px}}
"""

LIFT_ICON = (
    '<svg viewBox="0 0 18 18" aria-hidden="true"><rect x="2" y="1" width="14" height="16"'
    ' rx="2" fill="none" stroke="#4a4a7a" stroke-width="1.5"/><path d="M9 3 L13 8 L5 8 Z'
    ' M9 15 L13 10 L5 10 Z" fill="#4a4a7a"/></svg>'
)


def panel_html(state: MuseumState, *, seat: int | None = None, interactive: bool = False) -> str:
    """The panel for `seat` (None: a spectator); the robbing buttons when that seat may rob."""
    player = state.current_player()
    robbing = interactive and player >= 0 and seat in {None, player} and state.phase == ROB
    parts = [
        '<div class="museum-panel museum-now" data-testid="museum-panel">',
        f"<style>{STYLE}</style>",
        f'<p class="headline">{escape(headline(state))}</p>',
        *_current_card(state),
        *(_rob_buttons(state) if robbing else []),
        '</div><div class="museum-panel museum-more">',
        *_thieves(state, seat),
        *_deck(state),
        "</div>",
    ]
    return "\n".join(parts) + "\n"


def headline(state: MuseumState) -> str:
    """The round and who does what; at the end, who won with how much."""
    names = [colour_name(s) for s in range(state.game.num_players)]
    total = state.game.deck.size
    if state.is_terminal():
        scores = state.scores()
        best = max(scores)
        winners = [names[s] for s, score in enumerate(scores) if score == best]
        result = ngettext(
            "{names} wins with {money}", "{names} share the win with {money}", len(winners)
        ).format(names=format_list(winners), money=format_money(best))
        return _("Game over: {result}").format(result=result)
    if state.phase == START:
        return _("Drawing the first start player")
    if state.phase == DRAW:
        return _("Round {round} of {total}: {name} turns the next card").format(
            round=len(state.discard) + 1, total=total, name=names[state.start_player]
        )
    doing = (
        _("{name} to move") if state.phase == MOVE else _("{name}: mark the picture or not?")
    ).format(name=names[state.turn])
    return _("Round {round} of {total}: {doing}").format(
        round=len(state.discard), total=total, doing=doing
    )


def card_face(card: CardKind, classes: str = "") -> str:
    """One card, readable: the picture's number (or the elevator) and a dot per step."""
    words = escape(card_words(card))
    face = LIFT_ICON if card.picture is None else str(card.picture)
    lift = " lift" if card.picture is None else ""
    return (
        f'<li class="mcard{lift}{classes}" title="{words}" aria-label="{words}">{face}'
        f'<span class="steps" aria-hidden="true">{"•" * card.steps}</span></li>'
    )


def _current_card(state: MuseumState) -> list[str]:
    card = state.card()
    if card is None:
        return []
    now = escape(_("This round: {card}").format(card=card_words(card)))
    parts = [f'<div class="now"><ul>{card_face(card)}</ul><p>{now}</p></div>']
    if state.caught:
        names = format_list([colour_name(s) for s in state.caught])
        text = _("Caught by the guard: {names}, back on the roof").format(names=names)
        parts.append(f'<p class="caught">{escape(text)}</p>')
    return parts


def _rob_buttons(state: MuseumState) -> list[str]:
    picture = state.place[state.turn]
    value = format_money(state.game.museum.fields[picture].value)
    mark = _("Mark picture {picture} ({value})").format(picture=picture, value=value)
    leave = _("Leave it")
    return [
        '<div class="rob">'
        f'<button type="button" class="button" data-click="rob">{escape(mark)}</button>'
        f'<button type="button" class="button" data-click="pass">{escape(leave)}</button>'
        "</div>"
    ]


def _thieves(state: MuseumState, viewer: int | None) -> list[str]:
    """A row per thief: shape and colour, name, where it stands, its pictures, its euros."""
    museum = state.game.museum
    acting = state.current_player()
    scores = state.scores()
    rows = ["<h3>" + escape(_("Thieves")) + "</h3>", '<ul class="thieves">']
    for seat, place in enumerate(state.place):
        name = colour_name(seat)
        if seat == viewer:
            name = _("{name} (you)").format(name=name)
        pictures = []
        for picture, owner in enumerate(state.marker):
            if owner != seat:
                continue
            if state.banked[picture]:
                pictures.append(str(picture))
            else:
                risk = escape(_("{picture} at risk").format(picture=picture))
                pictures.append(f'<span class="risk" title="{risk}">{picture}</span>')
        left = state.hand(seat)
        markers = ngettext("{n} marker left", "{n} markers left", left).format(n=left)
        marked = _("pictures: {list}").format(list=", ".join(pictures)) if pictures else ""
        detail = "; ".join(
            x for x in (escape(place_words(museum.fields[place])), marked, escape(markers)) if x
        )
        shape = seat_shape(seat, 8, HEX[seat], "#2f2a24")
        rows.append(
            f'<li class="{"acting" if seat == acting else ""}">'
            f'<svg viewBox="-12 -12 24 24" aria-hidden="true">{shape}</svg>'
            f'<span class="who">{escape(name)}</span>'
            f'<span class="money">{escape(format_money(scores[seat]))}</span>'
            f'<span class="detail">{detail}</span></li>'
        )
    rows.append("</ul>")
    if any(not state.banked[p] and owner >= 0 for p, owner in enumerate(state.marker)):
        legend = _("Underlined pictures are at risk until their thief reaches the roof.")
        rows.append(f'<p class="legend">{escape(legend)}</p>')
    return rows


def _deck(state: MuseumState) -> list[str]:
    """All 32 cards: those turned faded, this round's card outlined, those left plain."""
    deck = state.game.deck
    turned = {kind: state.discard.count(kind) for kind in set(state.discard)}
    current = state.discard[-1] if state.discard else None
    left = state.rounds_left()
    faces = []
    for kind in deck.kinds:
        for copy in range(kind.count):
            done = copy < turned.get(kind.id, 0)
            now = done and kind.id == current and copy == turned[kind.id] - 1
            classes = " turned current" if now else " turned" if done else ""
            faces.append(card_face(kind, classes))
    head = ngettext("{n} card left", "{n} cards left", left).format(n=left)
    legend = _("Faded cards are turned; the outlined one is this round's.")
    return [
        f"<h3>{escape(head)}</h3>",
        f'<ul class="deck">{"".join(faces)}</ul>',
        f'<p class="legend">{escape(legend)}</p>',
    ]
