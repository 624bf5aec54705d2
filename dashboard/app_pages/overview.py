"""Overview (placeholder until issue #6): papers per venue."""

import streamlit as st

from dashboard import data

papers = data.load_table("papers")
st.title("paper-trends")
st.metric("Papers", len(papers))
st.bar_chart(papers["venue_label"].value_counts())
