"""The imperative shell: Typer commands that gather input, ask the core, and print."""
