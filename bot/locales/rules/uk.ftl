## The options and the rules explained: labels, one-line explanations, /rules pages.
