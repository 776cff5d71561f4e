use super::*;
use crate::format::{self, Format};

fn grade(id: &str) -> Result<SoloGrade, SoloError> {
    solo_grade(&format::parse(id, Some(Format::SOLO)).unwrap(), None)
}

#[test]
fn levels_of_solo_made_puzzles() {
    // One of each level, from Solo's generator, with the level its solver gives.
    let cases = [
        ("3x3:7c6b2c3c4_9a4_5b2b8b2_7_4_3e8a6a7a3e1_2_7_4b9b4b1_3a7_6c9c4b9c6", "trivial"),
        ("2x3:4d6a1_5_4c3h3c2_3_1a3d2", "basic"),
    ];
    for (id, want) in cases {
        assert_eq!(grade(id).unwrap().level.name(), want, "{id}");
    }
}

#[test]
fn what_solo_does_not_play_is_refused() {
    let killer = r#"{"size": 4, "boxes": "2x2", "cages": [{"op": "+", "target": 3, "cells": [[0, 0], [0, 1]]}]}"#;
    let p = format::parse(killer, None).unwrap();
    assert_eq!(solo_grade(&p, None), Err(SoloError::NotSolo));
    let latin = format::parse(r#"{"size": 4}"#, None).unwrap();
    assert_eq!(solo_grade(&latin, None), Err(SoloError::NotSolo));
    // Several solutions: not graded.
    let open = format::parse(r#"{"size": 4, "boxes": "2x2"}"#, None).unwrap();
    assert_eq!(solo_grade(&open, None), Err(SoloError::Logic(LogicError::NotUnique)));
}

#[test]
fn level_words_and_letters() {
    for l in SoloLevel::ALL {
        assert_eq!(SoloLevel::from_name(l.name()), Some(l));
        assert_eq!(SoloLevel::from_name(&l.name()[..1]), Some(l));
    }
    assert_eq!(SoloLevel::from_name("Advanced"), Some(SoloLevel::Advanced));
    assert_eq!(SoloLevel::from_name("hard"), None);
}
