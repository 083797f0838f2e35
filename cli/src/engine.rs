//! The JSON engine commands: `moves` and `apply`.

use std::io::Read;

use anyhow::{anyhow, Context, Result};
use chinese_checkers_core::rules::{Move, Position};
use serde_json::{json, Value};

fn read_stdin_json() -> Result<Value> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .context("failed to read standard input")?;
    serde_json::from_str(&text).context("failed to parse the input as JSON")
}

/// Every legal move of the side to move; an empty array once the game is over.
pub fn moves() -> Result<()> {
    let position = Position::from_json(&read_stdin_json()?).context("invalid position")?;
    let moves: Vec<Value> = if position.outcome().is_some() {
        Vec::new()
    } else {
        position.legal_moves().iter().map(Move::to_json).collect()
    };
    println!("{}", Value::Array(moves));
    Ok(())
}

/// Applies one move and prints the new position and the outcome.
pub fn apply() -> Result<()> {
    let input = read_stdin_json()?;
    let position = input
        .get("position")
        .ok_or_else(|| anyhow!("the input has no \"position\" field"))?;
    let mv = input
        .get("move")
        .ok_or_else(|| anyhow!("the input has no \"move\" field"))?;
    let mut position = Position::from_json(position).context("invalid position")?;
    let mv = Move::from_json(mv).context("invalid move")?;
    if position.outcome().is_some() {
        return Err(anyhow!("illegal move: the game is already over"));
    }
    position.validate(&mv).context("illegal move")?;
    position.apply(&mv.compact());
    let outcome = position.outcome().map(|o| o.to_json());
    println!(
        "{}",
        json!({ "position": position.to_json(), "outcome": outcome })
    );
    Ok(())
}
