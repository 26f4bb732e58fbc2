"""The Panzer Grenadier bots: Recruit, Veteran and Elite, and the board picture and judge they share."""
