"""The bot's core: one user action = load, apply, save, render, in one transaction."""
