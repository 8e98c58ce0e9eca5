"""Oracle text compiled into the card vocabulary (issue 21): the grammar ``oracle.lark`` and its compiler."""
