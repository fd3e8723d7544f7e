"""Match pages: the public match report, and the commissioner's fixture actions."""
