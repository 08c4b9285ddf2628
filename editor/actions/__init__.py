"""Actions declared once: the catalog (every command and tool with its text, icon, shortcut and
handler), the icons, the QActions, menus and tool bars made from the catalog, and the Help >
Keyboard shortcuts page. Menus, tool bars, the shortcuts page and the tests all read the catalog."""
