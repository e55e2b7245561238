"""The phases of a hand, one module each, as functions over :class:`~.state.GameState`.

- :mod:`.deal`: the deck order of each deal and the deal itself;
- :mod:`.bidding`: both bidding rounds and the redeal after two rounds of passes;
- :mod:`.exchange`: the extra cards and the trump-seven exchange;
- :mod:`.play`: melds, bella, tricks;
- :mod:`.end`: scoring the hand, the target, the next dealer.

:class:`engine.Game` dispatches an action to the module of the phase it belongs to.
"""
