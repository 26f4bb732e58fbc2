"""What the bots of every ruleset share: the seat's decision, public facts, routes, sampling and stance."""
