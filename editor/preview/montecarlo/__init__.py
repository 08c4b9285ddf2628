"""The preview's Monte Carlo tab: ``panel`` (runs, Run/Cancel, progress, the chances table, the arrival
chart) over ``worker`` (Qt signals) and ``process`` (the helper process, ``python -m
dambuster.editor.preview.montecarlo.process``) running ``chunks`` (Qt-free batches of runs); ``view``
draws the heat map and the arrival chart."""
