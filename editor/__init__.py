"""dambuster.editor"""
