"""dambuster.editor: the PySide6 scenario and map editor, the only package that imports Qt.

At the top: ``app`` (entry point), ``mainwindow`` (makes the parts, binds the commands),
``editor_state`` (what the parts share: the selection, the clip, the cursor, the current tool),
``document`` (the open scenario and its undo stack), ``commands`` (undo commands) and ``style``
(colours and patterns). The parts: ``actions``
(every command and tool declared once; menus, tool bars, shortcuts page), ``geometry`` (Qt-free
drawing arithmetic), ``scene`` (the map view and its layers), ``tools`` (mouse input into
edits), ``edits`` (Qt-free edits as field changes), ``panels`` (docks), ``validation`` (live rule
checks), ``properties`` (Scenario > Properties…), ``preview`` (breach and flash-flood preview) and
``files`` (New dialog, export, autosave, recovery); ``resources/icons`` holds the SVG icons. See
editor/README.md for the map.
"""
