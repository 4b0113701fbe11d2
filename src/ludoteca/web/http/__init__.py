"""What every route shares, below the tables: errors and their codes, the OpenAPI answers,
limits (request bodies, bots' thinking), the reader's language, the addresses invite links name."""
