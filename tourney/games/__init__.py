"""The card games tourney plays besides Horse Race dominoes, one package each."""
