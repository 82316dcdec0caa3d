"""rulewright's rules in Python: runs a `rulewright rules export FILE --for python` file with the
same outputs as `rulewright extract` (see ruleset.py), and on Ray Data (see ray_data.py)."""

from .ruleset import CompiledRule, Refused, Ruleset, RulesetError

__all__ = ["CompiledRule", "Refused", "Ruleset", "RulesetError"]
