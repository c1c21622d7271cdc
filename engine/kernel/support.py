"""Which rules the kernel plays: a variant stating a rule the kernel does not play yet is refused when a
game is created, with a message naming each such rule, rather than being played wrongly.
"""

from __future__ import annotations

from ..errors import FiveHundredError
from ..rules.ruleset import Rules, compiled_rules


class UnsupportedRuleError(FiveHundredError):
    """A variant states rules that the kernel cannot play yet; ``rules`` names each one."""

    def __init__(self, variant: str, rules: list[str]) -> None:
        self.variant = variant
        """The variant's name."""
        self.rules: tuple[str, ...] = tuple(rules)
        """Each rule not supported, as ``key: what``."""
        listed = "\n".join(f"  - {rule}" for rule in rules)
        super().__init__(f"The engine cannot play {variant!r} yet; these rules are not supported:\n{listed}")

    def __reduce__(self) -> tuple[type[UnsupportedRuleError], tuple[str, list[str]]]:
        # Rebuilt from its own arguments, so it survives pickling (a worker process raising it).
        return (type(self), (self.variant, list(self.rules)))


def unsupported_rules(rules: Rules) -> list[str]:
    """Each rule of ``rules`` the kernel does not play, as ``key: what`` (empty when it plays them all).

    The kernel now plays every rule the variant language states, so this is empty for any compiled
    variant; it stays so that a rule added to the language before the kernel plays it is refused here,
    by name, rather than played wrongly.
    """
    compiled_rules(rules, "engine.unsupported_rules")
    return []


def check_supported(rules: Rules) -> None:
    """Raise :class:`UnsupportedRuleError` naming every rule of ``rules`` the kernel does not play."""
    found = unsupported_rules(rules)
    if found:
        raise UnsupportedRuleError(rules.name, found)
