"""The generators of the checkout's docs/ files (the manual page, the rule catalogue, the format)."""
