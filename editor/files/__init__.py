"""Files: the File menu's commands (``file_commands``: New, Open, Open Recent, Save, Save As), the
start page, the New dialog, PNG/SVG export, Tiled import, autosave to a recovery folder and recovery
of copies left by a session that did not close cleanly."""
