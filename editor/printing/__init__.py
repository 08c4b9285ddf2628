"""dambuster.editor.printing: print-and-play PDFs at a chosen hex size -- maps over pages, counter
sheets, breach overlays and DBM terrain templates -- for `dambuster render --format pdf` and
File > Print to PDF."""
