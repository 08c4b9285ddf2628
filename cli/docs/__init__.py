"""The generators of the checkout's docs/ files, one module each: ``format_md`` (format.md, from the
schema), ``rules_md`` (rules.md) and ``audit_md`` (audit.md, from each rule's declaration), ``manpage``
(dambuster.1, from the parser). ``python -m dambuster.cli.docs`` runs them all; ``--check`` exits 1 when
any document is out of date.
"""
