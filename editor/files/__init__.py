"""Files beyond plain open and save: the New dialog, PNG/SVG export, autosave to a recovery folder
and recovery of copies left by a session that did not close cleanly."""
