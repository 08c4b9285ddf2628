"""Scenario > Properties…: one dialog (pages for meta, forces and rules) whose OK is one undo step."""
