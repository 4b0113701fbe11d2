"""Bremer Stadtmusikanten (`bremen`): rules, board data, notation, text and SVG, greedy bot."""
