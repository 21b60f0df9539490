"""The procedures a ruleset chooses from, one package each: its ruleset sections, rules, state, actions, report and screens."""
