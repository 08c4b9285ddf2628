"""Actions declared once: the catalog (every command and tool with its text, icon, shortcut and kind;
the main window binds each command to a bound method), the icons, the QActions, menus and tool bars
made from the catalog, and the Help > Keyboard shortcuts page. Menus, tool bars, the shortcuts page
and the tests all read the catalog."""
