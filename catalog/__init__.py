"""The SQL card catalog: schema, card identity, import and look-up."""
