"""The Ogre profiles' rules: ``rules`` (ogre-basic and ogre-engineers), ``dambusters`` and ``downriver``
(ogre-dambusters), over ``common`` (locations, unit lookups), ``flow`` (the river network as a
graph, model/digraph.py) and ``surges`` (every dam's surge in one pass). Importing this package registers nothing."""
