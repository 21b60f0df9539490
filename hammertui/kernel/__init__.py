"""The shared kernel: dice, records, the ruleset loader, the state core, the store, saves and the app
shell. It names no procedure."""
