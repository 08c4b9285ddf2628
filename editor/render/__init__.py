"""dambuster.editor.render: the editor's scene drawn headless (no display) for `dambuster render`
(PNG, SVG) and `dambuster diff --format png|svg`; found by the command line through the
``dambuster.renderers`` entry points."""
