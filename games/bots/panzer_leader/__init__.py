"""The Panzer Leader bots: Recruit, Veteran and Elite, and the board picture, paths and danger they share."""
