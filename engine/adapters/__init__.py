"""Stage 11, the research adapters: a variant in, a research framework's game out. Any variant as an
OpenSpiel game (:mod:`~engine.adapters.openspiel`, the ``openspiel`` extra) and as a PettingZoo AEC
environment (:mod:`~engine.adapters.pettingzoo`, the ``pettingzoo`` extra), both thin layers over
:mod:`~engine.adapters.core`: every rule stays in the kernel.
"""
