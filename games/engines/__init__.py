"""Pure game rules, one package per game. Nothing under here may import Django."""
