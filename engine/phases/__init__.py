"""The phases of a hand, one module each, as functions over :class:`~.state.GameState`.

- :mod:`.deal`: the deck order of each deal, the deal itself and the klabor check;
- :mod:`.bidding`: both bidding rounds (or the next proposed cards of RULES-VARIANTS
  §2) and the redeal after everyone passed;
- :mod:`.visyak`: the висяк hand after a tie (§19): no bidding, only bella;
- :mod:`.exchange`: the extra cards, the freza and the trump-seven exchange;
- :mod:`.claims`: the redeal claims (four sevens, a weak hand);
- :mod:`.play`: melds, bella, legal cards (through :mod:`engine.legal`), tricks;
- :mod:`.end`: the claim of the game after a trick, scoring the hand, the end checks,
  the next dealer.

The order of a hand is RULES-VARIANTS.md H1: deal, klabor check and bidding (both skipped
in a висяк hand; bidding round k is on the k-th proposed card), seven exchange
``before_extras``, extras, freza, redeal claims, seven exchange ``after_extras``, play
(with the claim of the game after each trick but the last), scoring, end checks.

:class:`engine.Game` dispatches an action to the module of the phase it belongs to.
"""
