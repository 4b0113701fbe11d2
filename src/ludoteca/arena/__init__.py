"""Bots against bots: single seeded games (`match`), tournaments with ratings, tuning."""
