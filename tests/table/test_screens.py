"""The shared screen at a phone's, a 1080p TV's and a 4K TV's size (issue 34, point 10): every
game's largest state (tests/table_screens.py) fits 1920×1080 without scrolling, fills a 4K screen
as it fills a 1080p one, and shows whose turn it is on a phone's first screen (English in the light
theme, French in the dark one). Measured by the test; ``GM_SCREENS_DIR=DIR`` keeps a screenshot of
each size to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli
from table_screens import SIZES, build

GAMES = ("tmb", "stuffed-fables", "insomnia", "mice-and-mystics", "shy-monsters")


@pytest.fixture(scope="module")
def screens(table_server: Any) -> Any:
    names = build(lambda *args: run_cli("--home", str(table_server.home), *args))
    return table_server, names


def _show(page: Any, server: Any, name: str, game: str, lang: str, size: tuple[int, int]) -> None:
    result = run_cli("--home", str(server.home), "use", name)
    assert result.exit_code == 0, result.stderr
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{server.url}?lang={lang}")
    page.wait_for_function("g => document.getElementById('main').dataset.game === g", arg=game, timeout=5000)
    page.evaluate("document.fonts.ready")


MEASURE = """() => {
  const main = document.getElementById('main');
  let bottom = 0;
  main.querySelectorAll('*').forEach(el => {
    const r = el.getBoundingClientRect();
    if (r.height) bottom = Math.max(bottom, r.bottom);
  });
  const doc = document.scrollingElement;
  const turn = document.querySelector('#main .gm-turn');
  return {scrollHeight: doc.scrollHeight, scrollWidth: doc.scrollWidth, bottom,
          width: innerWidth, height: innerHeight,
          turn: turn ? turn.getBoundingClientRect().bottom : null,
          font: parseFloat(getComputedStyle(document.documentElement).fontSize),
          overflow: [...main.querySelectorAll('.gm-card')].flatMap(card => {
            const box = card.getBoundingClientRect();
            return [...card.querySelectorAll('*')].filter(el => !el.closest('svg')).filter(el => {
              const r = el.getBoundingClientRect();
              return r.width && (r.right > box.right + 1 || r.left < box.left - 1);
            }).map(el => el.textContent.trim().slice(0, 40));
          }),
          overlaps: [...main.querySelectorAll('.ins-tile-mark')].filter(mark => {
            const fence = main.querySelector('.ins-fence-label');
            const a = mark.getBoundingClientRect(), b = fence && fence.getBoundingClientRect();
            return a && b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          }).length};
}"""


def _fit_cases():
    """Every game in English (light); in French (dark) Too Many Bones, the largest board, in the
    default suite and the other four under -m slow (the suite's 3 minutes)."""
    for game in GAMES:
        yield pytest.param(game, "en", id=f"{game}-en")
        marks = () if game == "tmb" else (pytest.mark.slow,)
        yield pytest.param(game, "fr", id=f"{game}-fr", marks=marks)


@pytest.mark.parametrize(("game", "lang"), list(_fit_cases()))
def test_each_game_fits_a_tv_fills_4k_and_shows_the_turn_on_a_phone(screens, page, game, lang, keep_shot):
    server, names = screens
    page.add_init_script(f"localStorage.setItem('gm-theme', '{'dark' if lang == 'fr' else 'light'}')")
    seen = {}
    for size_name, size in SIZES.items():
        _show(page, server, names[game], game, lang, size)
        seen[size_name] = page.evaluate(MEASURE)
        keep_shot(page, f"{game}-{lang}-{size_name}")
    # nothing sticks out of its card; the ✦ of a tile leaves the fence's word alone
    for name, m in seen.items():
        assert not m["overflow"], f"{game} {lang} {name}: out of their card: {m['overflow']}"
        assert not m["overlaps"], f"{game} {lang} {name}: a tile's ✦ covers the fence's word"
    tv, big, phone = seen["tv"], seen["4k"], seen["phone"]
    for name, m in (("1920×1080", tv), ("3840×2160", big)):
        assert m["scrollHeight"] <= m["height"], f"{game} {lang} {name}: the page scrolls ({m})"
        assert m["scrollWidth"] <= m["width"], f"{game} {lang} {name}: the page scrolls sideways ({m})"
    # 4K shows the same board twice as big: it fills the screen as much as on a 1080p TV
    assert big["font"] >= 1.9 * tv["font"], (tv, big)
    assert big["bottom"] / big["height"] >= 0.9 * tv["bottom"] / tv["height"], (tv, big)
    assert phone["scrollWidth"] <= phone["width"], phone
    if game != "shy-monsters":  # the hero plays alone: no turn to show
        assert phone["turn"] is not None and phone["turn"] <= phone["height"], phone


AXE = Path(__file__).parent / "vendor" / "axe.min.js"


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("game", GAMES)
def test_each_game_passes_axe_in_both_themes(screens, page, game, theme):
    """Point 18: axe-core (tests/table/vendor) finds no serious or critical violation."""
    server, names = screens
    page.add_init_script(f"localStorage.setItem('gm-theme', '{theme}')")
    _show(page, server, names[game], game, "fr" if theme == "dark" else "en", SIZES["tv"])
    bad = serious_violations(page)
    assert not bad, bad


def serious_violations(page) -> list[tuple[str, str, list[str]]]:
    """What axe-core (tests/table/vendor) finds serious or critical on the page as it stands."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5])
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_statistics_page_passes_axe(screens, page, theme):
    server, _ = screens
    page.emulate_media(color_scheme=theme)
    page.goto(server.url + "stats")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
    assert not [(v["id"], v["impact"]) for v in found if v["impact"] in ("serious", "critical")]
