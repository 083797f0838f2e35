//! Behaviour tests of the AI.
