"""What a new tool or command must declare, checked complete (scripts/test.sh --quick runs this module
too, offscreen, so the quick loop catches a slip): the action catalog holds together (names unique,
each tool in a group with its options among the tool-options bar's controls, our icons on disk, a dock
command naming its dock), every tool of the catalog is made by ``tools.factory.make_tool`` and no other
name is, and ``MainWindow.bindings`` binds every command of the catalog, once, to a callable."""

import pytest

from dambuster.editor.actions import catalog
from dambuster.editor.actions.build import Bindings
from dambuster.editor.tools.factory import UnknownTool, make_tool
from dambuster.model import new_table_scenario


def test_every_name_is_unique():
    names = [c.name for c in catalog.commands()] + [t.name for t in catalog.TOOLS]
    assert len(names) == len(set(names))
    assert catalog.TOOL.keys() == {t.name for t in catalog.TOOLS}


def test_every_tool_is_in_a_group_and_reads_only_options_the_bar_has():
    for tool in catalog.TOOLS:
        assert tool.group in catalog.GROUPS, tool.name
        assert set(tool.options) <= set(catalog.OPTIONS), (tool.name, tool.options)
    for kind in ("hex", "table"):
        assert catalog.DEFAULT_TOOL[kind] in {t.name for t in catalog.tools_for(kind)}


def test_no_two_tools_of_one_map_kind_share_a_key():
    for kind in ("hex", "table"):
        keys = [t.shortcut for t in catalog.tools_for(kind) if t.shortcut]
        assert len(keys) == len(set(keys)), kind


def test_every_icon_of_ours_is_a_file():
    icons = [t.icon for t in catalog.TOOLS] + [c.icon for c in catalog.commands() if c.icon]
    missing = [i for i in icons if not i.startswith("std:") and not (catalog.ICON_DIR / f"{i}.svg").is_file()]
    assert missing == []


def test_a_command_names_a_dock_exactly_when_it_shows_and_hides_one():
    for c in catalog.commands():
        assert bool(c.dock) == (c.kind == "dock"), c.name
        assert c.name.split(".")[0] in catalog.MENUS, c.name
        assert not (c.checkable and c.kind != "call"), c.name


def test_every_command_of_the_catalog_is_bound_once_to_a_callable(window):
    """The window's one table of handlers names each "call" command of the catalog, and no other:
    a command added to the catalog without its handler (or a handler left after its command went)
    fails here, and the window would not start."""
    b = window.bindings()
    calls = {c.name for c in catalog.commands() if c.kind == "call" and not c.checkable}
    toggles = {c.name for c in catalog.commands() if c.kind == "call" and c.checkable}
    assert set(b.calls) == calls and set(b.toggles) == toggles
    assert all(callable(h) for h in [*b.calls.values(), *b.toggles.values(), *b.submenus.values()])
    assert set(b.submenus) == {c.name for c in catalog.commands() if c.kind == "submenu"}
    assert {c.dock for c in catalog.commands() if c.kind == "dock"} <= set(b.docks)
    unbound = Bindings(
        {k: v for k, v in b.calls.items() if k != "file.save"}, b.toggles, b.submenus, b.docks, b.undo_stack
    )
    with pytest.raises(ValueError, match=r"file\.save"):
        unbound.check()


def test_every_tool_of_the_catalog_is_made_and_an_unknown_name_is_an_error(window):
    w = window
    args = (w.doc, w.controller, w.tool_options, w.terrain_choice, w.state.select)
    for tool in catalog.tools_for("hex"):
        assert make_tool(tool.name, *args) is not None, tool.name
    w.doc.reset(new_table_scenario(600, 400, "paces"))
    args = (w.doc, w.controller, w.tool_options, w.terrain_choice, w.state.select)
    for tool in catalog.tools_for("table"):
        assert make_tool(tool.name, *args) is not None, tool.name
    with pytest.raises(UnknownTool, match="'sewer-pump'"):
        make_tool("sewer-pump", *args)  # not a sewer point by default: no such tool
