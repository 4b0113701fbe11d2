"""Several server processes on one database: who writes a table (`leases`), how the others hear
of it (`fanout`, `workers`), moves sent to the owner (`forwarding`), steps stored together
(`group_commit`). It knows the features beside the game only through the listeners that the
server registers (`Workers.listen`)."""
