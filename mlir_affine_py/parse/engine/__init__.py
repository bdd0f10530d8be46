"""The parse speed machinery: the prepared grammar and its cache
(tables.py), the dispatching lexer (lexer.py), op lines and loop heads
parsed once per shape (op_lines.py, op_heads.py, shapes.py) and the LALR
driver (driver.py).  It imports nothing from the dialects: what it needs
of the ops (the shorthands of their heads, the name tokens to keep) comes
with the prepared grammar."""
