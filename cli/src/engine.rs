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

/// What a position looks like, for the errors of the commands that read one.
pub const POSITION_SHAPE: &str =
    "a position is a JSON object with rules, players, pegs and to_move (docs/RULES.md §6)";

/// The position `value` holds. The shape is checked here so that the errors name the JSON's
/// fields, never the engine's internal types.
pub fn position(value: &Value) -> Result<Position> {
    if !value.is_object() {
        return Err(anyhow!("invalid position: {POSITION_SHAPE}"));
    }
    Position::from_json(value).map_err(|e| {
        anyhow!(
            "invalid position: {}",
            plain(&e.to_string(), POSITION_SHAPE)
        )
    })
}

/// What a move looks like, for the errors of `apply`.
pub const MOVE_SHAPE: &str =
    "a move is a JSON object with kind and path, e.g. {\"kind\":\"step\",\"path\":[[-3,7],[-3,6]]}";

/// The move `value` holds, with errors that name the JSON's fields.
pub fn a_move(value: &Value) -> Result<Move> {
    if !value.is_object() {
        return Err(anyhow!("invalid move: {MOVE_SHAPE}"));
    }
    Move::from_json(value)
        .map_err(|e| anyhow!("invalid move: {}", plain(&e.to_string(), MOVE_SHAPE)))
}

/// An engine error without the internal type names serde puts in ("expected struct
/// PositionJson"): the shape of what was expected instead.
fn plain(text: &str, shape: &str) -> String {
    if text.contains("struct ") || text.contains("enum ") || text.contains("Json") {
        let field = text.split('`').nth(1).filter(|_| text.contains("field `"));
        return match field {
            Some(f) => format!("the field \"{f}\" is missing or wrong; {shape}"),
            None => shape.into(),
        };
    }
    text.to_owned()
}

/// Every legal move of the side to move; an empty array once the game is over.
pub fn moves() -> Result<()> {
    let position = position(&read_stdin_json()?)?;
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
    let mut position = self::position(position)?;
    let mv = a_move(mv)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_errors_name_fields_not_internal_types() {
        for bad in ["[]", "[1,2,3,4,5,6,7]", "3", "\"tripot\"", "null"] {
            let e = position(&serde_json::from_str(bad).unwrap_or_default())
                .unwrap_err()
                .to_string();
            assert_eq!(e, format!("invalid position: {POSITION_SHAPE}"), "{bad}");
        }
        let e = a_move(&json!([])).unwrap_err().to_string();
        assert_eq!(e, format!("invalid move: {MOVE_SHAPE}"));
        let e = plain(
            "malformed position JSON: invalid type: string, expected struct PositionJson",
            POSITION_SHAPE,
        );
        assert_eq!(e, POSITION_SHAPE);
        let start = json!({"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[-4,8]],"N":[[4,-8]]},"to_move":0});
        assert!(position(&start).is_ok());
    }
}
